import { isPrivateAddress, isPrivateHost } from './private-address';
import { webhookUrlProblem } from './webhook-url';

describe('webhook URLs', () => {
  it.each([
    'https://hooks.example.com/domain-engine',
    'http://hooks.example.com:8080/a/b?token=x&y=1',
    'https://93.184.216.34/hook',
  ])('accepts %s', (url) => expect(webhookUrlProblem(url, false)).toBeUndefined());

  it.each([
    ['ftp://hooks.example.com/x', /http or https/],
    ['/relative/path', /http or https/],
    ['hooks.example.com/x', /http or https/],
    ['http:hooks.example.com', /http or https/],
    ['https://user:pass@hooks.example.com/', /user name or password/],
    ['https://user@hooks.example.com/', /user name or password/],
    [' https://hooks.example.com/', /spaces/],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, /2048/],
    ['https://', /http or https/],
    ['http://localhost:8080/hook', /loopback/],
    ['http://api.localhost/hook', /loopback/],
    ['http://127.0.0.1/hook', /loopback/],
    ['http://2130706433/hook', /loopback/],
    ['http://10.1.2.3/hook', /loopback/],
    ['http://192.168.0.10/hook', /loopback/],
    ['http://169.254.169.254/latest/meta-data', /loopback/],
    ['http://[::1]/hook', /loopback/],
    ['http://[::ffff:127.0.0.1]/hook', /loopback/],
    ['http://[fe80::1]/hook', /loopback/],
  ])('refuses %s', (url, problem) => expect(webhookUrlProblem(url, false)).toMatch(problem));

  it('accepts private targets when they are allowed', () => {
    expect(webhookUrlProblem('http://127.0.0.1:3000/hook', true)).toBeUndefined();
    expect(webhookUrlProblem('http://localhost:3000/hook', true)).toBeUndefined();
  });

  it('tells private addresses from public ones', () => {
    expect(['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.1.1', '169.254.1.1', '::1', 'fd00::1', '::ffff:10.0.0.1', '0.0.0.0'].filter(isPrivateAddress)).toHaveLength(9);
    expect(['8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'].some(isPrivateAddress)).toBe(false);
    expect(isPrivateHost('LOCALHOST.')).toBe(true);
    expect(isPrivateHost('example.com')).toBe(false);
  });
});
