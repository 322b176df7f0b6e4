/** The ICANN TLDs the service sells (configuration `TLDS`), in the configured order. */
export class TldCatalog {
  readonly all: readonly string[];

  constructor(list: string) {
    this.all = Object.freeze([
      ...new Set(
        list
          .split(',')
          .map((tld) => tld.trim().toLowerCase())
          .filter(Boolean),
      ),
    ]);
  }
}
