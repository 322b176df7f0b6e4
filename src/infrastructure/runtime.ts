import { ChainSetup, NO_CHAINS } from './chain/chain-network';
import { Role } from './config/config';

/** What the process was started as: which parts run, and the database they share. */
export class Runtime {
  constructor(
    readonly role: Role,
    readonly databaseUrl: string,
    /** The chains this process talks to (none for CLI commands that do not need them). */
    readonly chains: ChainSetup = NO_CHAINS,
    /** A CLI command: it uses the application, and serves nothing to anyone. */
    readonly command = false,
  ) {}

  get servesApi(): boolean {
    return this.role !== 'worker';
  }

  /** Opens the listeners of its role beside HTTP (DNS, hosting): a CLI command opens none. */
  get listens(): boolean {
    return this.servesApi && !this.command;
  }

  get runsWorkers(): boolean {
    return this.role !== 'api';
  }
}
