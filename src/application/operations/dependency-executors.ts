import { Injectable } from '@nestjs/common';
import { DependencyExecutor } from './dependency-executor.port';

/** The executors of this process by dependency type; context modules register theirs when they start. */
@Injectable()
export class DependencyExecutors {
  private readonly byType = new Map<string, DependencyExecutor>();

  register(executor: DependencyExecutor): void {
    for (const type of executor.handles) {
      if (this.byType.has(type)) throw new Error(`two executors handle dependency type ${type}`);
      this.byType.set(type, executor);
    }
  }

  for(type: string): DependencyExecutor | undefined {
    return this.byType.get(type);
  }

  types(): string[] {
    return [...this.byType.keys()];
  }
}
