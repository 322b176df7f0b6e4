import { Module, OnModuleInit } from '@nestjs/common';
import { Pool } from 'pg';
import { DependencyExecutors } from '../../application/operations/dependency-executors';
import { TestStepExecutor } from './test-step.executor';

/** Loaded when `TEST_EXECUTOR_ENABLED=true`. */
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
