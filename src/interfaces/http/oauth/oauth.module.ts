import { Module } from '@nestjs/common';
import { OpenApiDocuments } from '../shared/openapi/openapi-documents';
import { OAuthRateLimitGuard } from './oauth-rate-limit.guard';
import { OAuthController, WellKnownController } from './oauth.controller';
import { signupDocument } from './oauth.openapi';

@Module({ controllers: [OAuthController, WellKnownController], providers: [OAuthRateLimitGuard] })
export class OAuthModule {
  constructor(documents: OpenApiDocuments) {
    documents.register(signupDocument);
  }
}
