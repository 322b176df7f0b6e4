// Equivalent mutant: `<` made `<=` in the order of the names: no two sub names shown are equal (a map's keys).

import { ExistingOperation } from '../operations/operation';
import { hostingShownOf, pendingHostingChangesOf } from './hosting-shown';

const site = (subName: string, targetUrl: string, certified: boolean) => ({
  subName,
  type: 'REDIRECT_301' as const,
  targetUrl,
  certificate: certified ? { certificatePem: 'pem', sealedPrivateKey: 'key', expiresAt: 1 } : null,
});

const operation = (createdAt: number, ...dependencies: [string, string, object][]): ExistingOperation =>
  ({
    id: `op-${createdAt}`,
    createdAt,
    dependencies: dependencies.map(([type, status, parameters], index) => ({
      id: `plop_${createdAt}_${index}`,
      type,
      status,
      parameters,
    })),
  }) as unknown as ExistingOperation;

describe('hosting as shown', () => {
  it('shows what the zone serves as ACTIVE, its certificate PENDING until issued', () =>
    expect(hostingShownOf([site('go', 'https://a.example', false), site('', 'https://b.example', true)], [])).toEqual([
      {
        subName: '',
        type: 'REDIRECT_301',
        targetUrl: 'https://b.example',
        status: 'ACTIVE',
        certificateStatus: 'ACTIVE',
      },
      {
        subName: 'go',
        type: 'REDIRECT_301',
        targetUrl: 'https://a.example',
        status: 'ACTIVE',
        certificateStatus: 'PENDING',
      },
    ]));

  it('shows a name being set as it will be, PENDING, over what the zone serves now', () =>
    expect(
      hostingShownOf(
        [site('go', 'https://old.example', true)],
        [
          { subName: 'go', type: 'REVERSE_PROXY', targetUrl: 'https://new.example' },
          { subName: 'app', type: 'REDIRECT_302', targetUrl: 'https://app.example' },
        ],
      ),
    ).toEqual([
      {
        subName: 'app',
        type: 'REDIRECT_302',
        targetUrl: 'https://app.example',
        status: 'PENDING',
        certificateStatus: 'PENDING',
      },
      {
        subName: 'go',
        type: 'REVERSE_PROXY',
        targetUrl: 'https://new.example',
        status: 'PENDING',
        certificateStatus: 'PENDING',
      },
    ]));

  it('shows a name being removed as INACTIVE, and a removal of a name not served as nothing', () =>
    expect(
      hostingShownOf(
        [site('go', 'https://a.example', true)],
        [
          { subName: 'go', remove: true },
          { subName: 'x', remove: true },
        ],
      ),
    ).toEqual([
      {
        subName: 'go',
        type: 'REDIRECT_301',
        targetUrl: 'https://a.example',
        status: 'INACTIVE',
        certificateStatus: 'ACTIVE',
      },
    ]));

  it('takes the hosting changes of dependencies still to run, oldest operation first', () =>
    expect(
      pendingHostingChangesOf([
        operation(
          2,
          ['DOMAIN_HOSTING_DISABLE', 'QUEUED', { subName: 'old' }],
          ['DNS_RECORD_CREATE', 'QUEUED', { subName: 'www' }],
        ),
        operation(
          1,
          ['DOMAIN_HOSTING_UPDATE', 'COMPLETED', { subName: 'done', type: 'REDIRECT_301', targetUrl: 'https://d' }],
          ['DOMAIN_HOSTING_UPDATE', 'PROCESSING', { type: 'REVERSE_PROXY', targetUrl: 'https://apex' }],
          ['DOMAIN_HOSTING_UPDATE', 'FAILED', { subName: 'f', type: 'REDIRECT_301', targetUrl: 'https://f' }],
          ['DOMAIN_HOSTING_DISABLE', 'CANCELLED', { subName: 'c' }],
        ),
      ]),
    ).toEqual([
      { subName: '', type: 'REVERSE_PROXY', targetUrl: 'https://apex' },
      { subName: 'old', remove: true },
    ]));

  it('lists the names in order of their sub names, whatever order the zone and the changes name them in', () =>
    expect(
      hostingShownOf(
        [site('www', 'https://w.example', true), site('api', 'https://a.example', true)],
        [
          { subName: 'shop', type: 'REDIRECT_302', targetUrl: 'https://s.example' },
          { subName: 'blog', remove: true },
        ],
      ).map(({ subName }) => subName),
    ).toEqual(['api', 'shop', 'www']));
});
