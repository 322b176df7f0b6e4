import { DynamicModule, Module, Type } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { OperationsModule } from './application/operations/operations.module';
import { Clock } from './application/shared/clock';
import { AppConfig } from './infrastructure/config/config';
import { CoreModule } from './infrastructure/core/core.module';
import { PostgresModule } from './infrastructure/postgres/postgres.module';
import { Runtime } from './infrastructure/runtime';
import { TestExecutorModule } from './infrastructure/test-executor/test-executor.module';
import { SurfaceErrorFilter } from './interfaces/http/shared/error.filter';
import { HealthController } from './interfaces/http/shared/health.controller';
import { createValidationPipe } from './interfaces/http/shared/validation';

export interface AppOptions {
  readonly config: AppConfig;
  readonly runtime: Runtime;
  readonly clock?: Clock;
  /** More modules (tests add probe routes). */
  readonly extraModules?: readonly Type<unknown>[];
}

@Module({})
export class AppModule {
  static forRoot({ config, runtime, clock, extraModules = [] }: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        CoreModule.forRoot(config, runtime, clock),
        PostgresModule,
        OperationsModule,
        ...(config.values.testExecutorEnabled ? [TestExecutorModule] : []),
        ...extraModules,
      ],
      controllers: [HealthController],
      providers: [
        { provide: APP_FILTER, useClass: SurfaceErrorFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
