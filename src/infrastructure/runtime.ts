import { Role } from './config/config';

/** What the process was started as: which parts run, and the database they share. */
export class Runtime {
  constructor(
    readonly role: Role,
    readonly databaseUrl: string,
  ) {}

  get servesApi(): boolean {
    return this.role !== 'worker';
  }

  get runsWorkers(): boolean {
    return this.role !== 'api';
  }
}
