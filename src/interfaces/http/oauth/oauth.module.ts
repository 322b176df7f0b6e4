import { Module } from '@nestjs/common';
import { AppConfig } from '../../../infrastructure/config/config';
import { issuerOf } from '../../../infrastructure/identity/identity-adapters.module';
import { OpenApiDocuments } from '../shared/openapi/openapi-documents';
import { OAuthIssuer } from './oauth-issuer';
import { OAuthRateLimitGuard } from './oauth-rate-limit.guard';
import { OAuthController, WellKnownController } from './oauth.controller';
import { signupDocument } from './oauth.openapi';

@Module({
  controllers: [OAuthController, WellKnownController],
  providers: [OAuthRateLimitGuard, { provide: OAuthIssuer, useFactory: (config: AppConfig) => new OAuthIssuer(issuerOf(config)), inject: [AppConfig] }],
})
export class OAuthModule {
  constructor(documents: OpenApiDocuments) {
    documents.register(signupDocument);
  }
}
