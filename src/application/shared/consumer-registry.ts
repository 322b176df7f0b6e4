import { Injectable } from '@nestjs/common';
import { DomainEvent } from '../../domain/shared/message';
import { AnyProjection, Projection, Reactor } from './projection';

/** The projections and reactors of every context; each context module registers its own when it starts. */
@Injectable()
export class ConsumerRegistry {
  readonly projections: AnyProjection[] = [];
  readonly reactors: Reactor[] = [];

  addProjection<Row, E extends DomainEvent, Id extends string | readonly string[]>(
    projection: Projection<Row, E, Id>,
  ): void {
    this.projections.push(projection as unknown as AnyProjection);
  }

  addReactor<E extends DomainEvent>(reactor: Reactor<E>): void {
    this.reactors.push(reactor as unknown as Reactor);
  }

  names(): string[] {
    return [...this.projections, ...this.reactors].map((consumer) => consumer.name);
  }
}
