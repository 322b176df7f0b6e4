import { ChainSetup, NO_CHAINS } from './chain/chain-network';
import { Role } from './config/config';

/** What the process was started as: which parts run, and the database they share. */
export class Runtime {
  constructor(
    readonly role: Role,
    readonly databaseUrl: string,
    /** The chains this process talks to (none for CLI commands that do not need them). */
    readonly chains: ChainSetup = NO_CHAINS,
  ) {}

  get servesApi(): boolean {
    return this.role !== 'worker';
  }

  get runsWorkers(): boolean {
    return this.role !== 'api';
  }
}
