import { Command } from 'commander';
import type { TldPrices } from '../../domain/dns-domains/dns-pricing';
import type { CliContext } from './cli-context';

/** `12.99` or `1299c`: dollars with at most two decimals, or whole cents; undefined for anything else. */
export const centsOf = (text: string): number | undefined => {
  const cents = /^([0-9]{1,7})c$/.exec(text);
  if (cents) return Number(cents[1]);
  const dollars = /^([0-9]{1,5})(?:\.([0-9]{1,2}))?$/.exec(text);
  return dollars ? Number(dollars[1]) * 100 + Number((dollars[2] ?? '0').padEnd(2, '0')) : undefined;
};

const PRICE_OPTIONS: Readonly<Record<string, keyof TldPrices>> = {
  registration: 'registrationCents',
  renewal: 'renewalCents',
  transfer: 'transferCents',
  restoration: 'restorationCents',
};

const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/** `domain-engine prices set <tld> --registration 12.99 ...`: the operator's surface D price list. */
export const priceCommands = (
  cli: Command,
  print: (line: string) => void,
  context: () => Promise<CliContext>,
): void => {
  const set = cli
    .command('prices')
    .description("Manage surface D's price list")
    .command('set <tld>')
    .description('Price a TLD (US dollars, or cents as 1299c); prices not given keep their value');
  for (const option of Object.keys(PRICE_OPTIONS)) set.option(`--${option} <price>`, `the ${option} price`);
  set.action(async (tld: string, options: Record<string, string>) => {
    const prices: Partial<Record<keyof TldPrices, number>> = {};
    for (const [option, field] of Object.entries(PRICE_OPTIONS)) {
      if (options[option] === undefined) continue;
      const cents = centsOf(options[option]);
      if (cents === undefined) throw new Error(`--${option}: a price is 12.99 or 1299c, not "${options[option]}"`);
      prices[field] = cents;
    }
    // loaded only when the command runs: `--help` loads no application
    const [{ CommandBus }, { SetDnsPrices }, { withApp }] = await Promise.all([
      import('@nestjs/cqrs'),
      import('../../application/dns-domains/set-prices.command'),
      import('./app-context'),
    ]);
    await withApp(await context(), [], async (app) => {
      const priced: TldPrices = await app.get(CommandBus).execute(new SetDnsPrices(tld.toLowerCase(), prices));
      print(
        `.${tld}: registration ${dollars(priced.registrationCents)}, renewal ${dollars(priced.renewalCents)}, ` +
          `transfer ${dollars(priced.transferCents)}, restoration ${dollars(priced.restorationCents)}`,
      );
    });
  });
};
