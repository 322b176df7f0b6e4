import { Module, OnModuleInit } from '@nestjs/common';
import { Pool } from 'pg';
import { DependencyExecutors } from '../../src/application/operations/dependency-executors';
import { TestStepExecutor } from './test-step.executor';

/**
 * The `TEST_STEP` executor, for the tests of the operation engine: they load it as an extra module of the app
 * (`createTestApp({ extraModules: [TestExecutorModule] })`, `startChildWorker`). Its tables are created here, not
 * by the migrations: the product carries no test code.
 */
@Module({})
export class TestExecutorModule implements OnModuleInit {
  constructor(
    private readonly pool: Pool,
    private readonly executors: DependencyExecutors,
  ) {}

  async onModuleInit(): Promise<void> {
    await TestStepExecutor.createTables(this.pool);
    this.executors.register(new TestStepExecutor(this.pool));
  }
}
