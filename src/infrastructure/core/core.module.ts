import { DynamicModule, Global, Module } from '@nestjs/common';
import { DependencyExecutors } from '../../application/operations/dependency-executors';
import { OperationFinishers } from '../../application/operations/operation-finishers';
import { OperationMetrics } from '../../application/operations/operation-metrics.port';
import { Clock, SystemClock } from '../../application/shared/clock';
import { MetricsExposition } from '../../application/shared/service-health.port';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { LeasedWorkRegistry } from '../../application/shared/leased-work-registry';
import { Readiness } from '../../application/shared/readiness';
import { ReadModelProgress } from '../../application/shared/read-your-writes';
import { AppConfig } from '../config/config';
import { Engine } from '../engine/engine.service';
import { Metrics } from '../metrics/metrics';
import { Runtime } from '../runtime';

/** What every context uses: configuration, the clock, metrics, readiness, and the registries the engine runs from. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, runtime: Runtime, clock: Clock = new SystemClock()): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: Runtime, useValue: runtime },
        { provide: Clock, useValue: clock },
        Metrics,
        { provide: OperationMetrics, useExisting: Metrics },
        { provide: MetricsExposition, useExisting: Metrics },
        ConsumerRegistry,
        LeasedWorkRegistry,
        DependencyExecutors,
        OperationFinishers,
        Engine,
        { provide: ReadModelProgress, useExisting: Engine },
        Readiness,
      ],
      exports: [
        AppConfig,
        Runtime,
        Clock,
        Metrics,
        OperationMetrics,
        MetricsExposition,
        ConsumerRegistry,
        LeasedWorkRegistry,
        DependencyExecutors,
        OperationFinishers,
        Engine,
        ReadModelProgress,
        Readiness,
      ],
    };
  }
}
