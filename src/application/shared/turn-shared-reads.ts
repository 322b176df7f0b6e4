/**
 * Reads shared by the callers that ask in the same turn of the event loop: the first sends the read, the others of
 * that turn get its answer, and a caller in a later turn sends its own. Whatever made a caller ask in that turn (a
 * notification, an append's answer) happened before the turn began, so before the read: its answer holds for each of
 * them. Every consumer of a process reads the store at each append, most from the same place: this makes those reads
 * one.
 */
export class TurnSharedReads<T> {
  private readonly reading = new Map<string, Promise<T>>();

  read(key: string, send: () => Promise<T>): Promise<T> {
    let reading = this.reading.get(key);
    if (!reading) {
      reading = send();
      this.reading.set(key, reading);
      setImmediate(() => this.reading.delete(key));
    }
    return reading;
  }
}
