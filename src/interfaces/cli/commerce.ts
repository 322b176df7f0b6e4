import { Command } from 'commander';
import type { FundsPot } from '../../domain/commerce/account-funds';
import type { ProductKind } from '../../domain/commerce/cart-pricing';
import type { PromoTerms } from '../../domain/commerce/promo-code';
import type { CliContext } from './cli-context';
import { centsOf } from './prices';

const KINDS: Readonly<Record<string, ProductKind>> = {
  registration: 'REGISTRATION',
  renewal: 'RENEWAL',
  listed: 'LISTED',
  extmarket_a: 'EXTMARKET_A',
  extmarket_b: 'EXTMARKET_B',
};

/** What `promo-codes create` is given, as commander hands it over. */
export interface PromoOptions {
  readonly title: string;
  readonly percent?: string;
  readonly amount?: string;
  readonly kinds?: string;
  readonly minimumSpend?: string;
  readonly expires?: string;
  readonly usesPerAccount?: string;
  readonly usesInAll?: string;
}

const count = (text: string | undefined, option: string): number | null => {
  if (text === undefined) return null;
  if (!/^[1-9][0-9]{0,8}$/.test(text)) throw new Error(`--${option}: a whole number from 1, not "${text}"`);
  return Number(text);
};

const cents = (text: string, option: string): number => {
  const found = centsOf(text);
  if (found === undefined) throw new Error(`--${option}: an amount is 12.99 or 1299c, not "${text}"`);
  return found;
};

/** `10` or `12.5` percent, as basis points. */
const basisPointsOf = (text: string): number => {
  const found = /^([0-9]{1,3})(?:\.([0-9]{1,2}))?$/.exec(text);
  const points = found ? Number(found[1]) * 100 + Number((found[2] ?? '0').padEnd(2, '0')) : NaN;
  if (!(points >= 1 && points <= 10_000)) throw new Error(`--percent: from 0.01 to 100, not "${text}"`);
  return points;
};

/** An expiry day (`2027-01-31`: the code works through that day, UTC) or an instant with its zone. */
const expiryOf = (text: string | undefined): number | null => {
  if (text === undefined) return null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const at = Date.parse(day ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(at) || (!day && !/(Z|[+-]\d{2}:\d{2})$/.test(text)))
    throw new Error(`--expires: a day (2027-01-31) or an instant with its zone, not "${text}"`);
  return day ? at + 86_400_000 : at;
};

/** The terms of a promo code from the CLI's options; throws what is wrong with them. */
export const promoTermsOf = (code: string, options: PromoOptions): PromoTerms => {
  if ((options.percent === undefined) === (options.amount === undefined))
    throw new Error('give either --percent or --amount');
  const kinds = (options.kinds ?? '').split(',').filter((kind) => kind !== '');
  const unknown = kinds.find((kind) => !Object.hasOwn(KINDS, kind));
  if (unknown !== undefined) throw new Error(`--kinds: ${Object.keys(KINDS).join(', ')}, not "${unknown}"`);
  return {
    code: code.toUpperCase(),
    title: options.title,
    off:
      options.percent !== undefined
        ? { percentBasisPoints: basisPointsOf(options.percent) }
        : { fixedCents: cents(options.amount!, 'amount') },
    kinds: kinds.map((kind) => KINDS[kind]),
    minimumSpendCents: options.minimumSpend === undefined ? 0 : cents(options.minimumSpend, 'minimum-spend'),
    expiresAt: expiryOf(options.expires),
    usesPerAccount: count(options.usesPerAccount, 'uses-per-account'),
    usesInAll: count(options.usesInAll, 'uses-in-all'),
  };
};

const dollars = (amount: number): string => `$${(amount / 100).toFixed(2)}`;

/** `promo-codes create` and `funds add`: what the operator gives users to pay with. */
export const commerceCommands = (
  cli: Command,
  print: (line: string) => void,
  context: () => Promise<CliContext>,
): void => {
  cli
    .command('promo-codes')
    .description("Manage the promo codes users' carts are discounted with")
    .command('create <code>')
    .description('Create a promo code (3 to 32 letters, digits, - or _); its terms never change')
    .requiredOption('--title <text>', 'what the cart shows')
    .option('--percent <percent>', 'a percentage off the lines it covers (10, 12.5)')
    .option('--amount <amount>', 'a fixed amount off (US dollars, or cents as 500c)')
    .option('--kinds <kinds>', 'the lines it covers: registration,renewal,extmarket_a,extmarket_b (default all)')
    .option('--minimum-spend <amount>', 'what the lines it covers must add up to (default 0)')
    .option('--expires <day>', 'the last day it works (2027-01-31, UTC), or an instant with its zone')
    .option('--uses-per-account <count>', 'orders one account may use it on (default unlimited)')
    .option('--uses-in-all <count>', 'orders it may be used on in all (default unlimited)')
    .action(async (code: string, options: PromoOptions) => {
      const terms = promoTermsOf(code, options);
      // loaded only when the command runs: `--help` loads no application
      const [{ CommandBus }, { CreatePromoCode }, { withApp }] = await Promise.all([
        import('@nestjs/cqrs'),
        import('../../application/commerce/operator-commerce.commands'),
        import('./app-context'),
      ]);
      await withApp(await context(), [], async (app) => {
        await app.get(CommandBus).execute(new CreatePromoCode(terms));
        const off =
          'fixedCents' in terms.off ? dollars(terms.off.fixedCents) : `${terms.off.percentBasisPoints / 100}%`;
        print(
          `promo code ${terms.code}: ${off} off, ${terms.expiresAt === null ? 'no expiry' : `until ${new Date(terms.expiresAt).toISOString()}`}`,
        );
      });
    });

  cli
    .command('funds')
    .description("Manage user accounts' balances and promo credits")
    .command('add <account>')
    .description("Put money in a user account's balance or promo credits")
    .option('--balance <amount>', 'into the balance (US dollars, or cents as 500c)')
    .option('--promo-credits <amount>', 'into the promo credits, spent only on orders')
    .requiredOption('--reason <text>', 'why, kept in its history')
    .option('--entry <id>', 'an id of this grant, so that running the command again adds it once')
    .action(
      async (
        accountId: string,
        options: { balance?: string; promoCredits?: string; reason: string; entry?: string },
      ) => {
        if ((options.balance === undefined) === (options.promoCredits === undefined))
          throw new Error('give either --balance or --promo-credits');
        const pot: FundsPot = options.balance !== undefined ? 'BALANCE' : 'PROMO_CREDITS';
        const amount = cents((options.balance ?? options.promoCredits)!, options.balance ? 'balance' : 'promo-credits');
        const [{ CommandBus }, { AddAccountFunds }, { withApp }, { randomUUID }] = await Promise.all([
          import('@nestjs/cqrs'),
          import('../../application/commerce/operator-commerce.commands'),
          import('./app-context'),
          import('node:crypto'),
        ]);
        await withApp(await context(), [], async (app) => {
          const entry = options.entry ?? randomUUID();
          const funds = await app
            .get(CommandBus)
            .execute(new AddAccountFunds(accountId, entry, pot, amount, options.reason));
          print(
            `${accountId}: balance ${dollars(funds.balanceCents)}, promo credits ${dollars(funds.promoCreditsCents)}`,
          );
        });
      },
    );
};
