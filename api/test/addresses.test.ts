/**
 * The address ranges a push endpoint may not reach (api/src/net/addresses.ts, issue 23): every blocked
 * range at its edges, IPv4 in its decimal, hex and octal forms, IPv6 and the IPv6 forms that carry an IPv4
 * address, and the host names that are not public DNS names (`localhost.`, IP literals, local suffixes).
 */
import { describe, expect, it } from 'vitest';
import { isPublicAddress, parseIPv4, parseIPv6, publicHostProblem } from '../src/net/addresses';

describe('parseIPv4 (inet_aton forms)', () => {
  it.each([
    ['127.0.0.1', [127, 0, 0, 1]],
    ['2130706433', [127, 0, 0, 1]],
    ['0x7f000001', [127, 0, 0, 1]],
    ['0x7f.1', [127, 0, 0, 1]],
    ['0177.0.0.1', [127, 0, 0, 1]],
    ['127.1', [127, 0, 0, 1]],
    ['169.254.43518', [169, 254, 169, 254]],
    ['0xA9FEA9FE', [169, 254, 169, 254]],
    ['8.8.8.8', [8, 8, 8, 8]],
  ])('%s', (text, bytes) => {
    expect(parseIPv4(text)).toEqual(bytes);
  });
  it.each(['256.0.0.1', '1.2.3.4.5', '4294967296', '08.0.0.1', 'a.b.c.d', '', '1..2'])('%s is not one', (text) => {
    expect(parseIPv4(text)).toBeNull();
  });
});

describe('parseIPv6', () => {
  it('reads compressed, bracketed, zoned and dotted-tail forms', () => {
    expect(parseIPv6('::1')).toEqual([...Array(15).fill(0), 1]);
    expect(parseIPv6('[::1]')).toEqual(parseIPv6('0:0:0:0:0:0:0:1'));
    expect(parseIPv6('fe80::1%eth0')).toEqual(parseIPv6('fe80::1'));
    expect(parseIPv6('::ffff:127.0.0.1')).toEqual(parseIPv6('::ffff:7f00:1'));
    expect(parseIPv6('127.0.0.1')).toBeNull();
    expect(parseIPv6('1:2:3')).toBeNull();
  });
});

describe('isPublicAddress', () => {
  const blocked = [
    // IPv4: each range, at its edges
    '0.0.0.0',
    '0.255.255.255',
    '10.0.0.0',
    '10.255.255.255',
    '100.64.0.0',
    '100.127.255.255',
    '100.100.100.200', // a cloud metadata service (in CGNAT)
    '127.0.0.1',
    '127.255.255.254',
    '169.254.0.1',
    '169.254.169.254', // cloud metadata
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.192',
    '192.0.2.10',
    '192.88.99.1',
    '192.168.0.1',
    '192.168.255.255',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    // IPv4 in other forms
    '2130706433',
    '0x7f000001',
    '0x7f.1',
    '0177.0.0.1',
    '127.1',
    '0xA9FEA9FE',
    '3232235521', // 192.168.0.1
    // IPv6
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'febf:ffff::1',
    'fec0::1',
    'fc00::1',
    'fd00:ec2::254', // a cloud metadata service
    'ff02::1',
    'ff05::2',
    '2001:db8::1',
    '2001::1', // Teredo
    '100::1',
    '64:ff9b:1::1',
    // IPv6 carrying a blocked IPv4 address
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::ffff:0.0.0.0',
    '::127.0.0.1',
    '::a00:1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::', // 6to4 of 127.0.0.1
    '2002:c0a8:101::1', // 6to4 of 192.168.1.1
    // not an address at all
    'localhost',
    'example.com',
    '',
    '1.2.3.4.5',
  ];
  it.each(blocked)('%s is refused', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  const allowed = [
    '8.8.8.8',
    '1.1.1.1',
    '9.255.255.255', // just below 10/8
    '11.0.0.0', // just above
    '100.63.255.255', // just below CGNAT
    '100.128.0.0', // just above
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255', // just below multicast
    '142.250.185.74', // fcm.googleapis.com
    '134744072', // 8.8.8.8 in decimal
    '0x08080808', // and in hex
    '2a00:1450:4001:82a::200a', // Google
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1', // 6to4 of 8.8.8.8
  ];
  it.each(allowed)('%s is allowed', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('publicHostProblem', () => {
  it.each([
    ['fcm.googleapis.com', null],
    ['updates.push.services.mozilla.com', null],
    ['web.push.apple.com', null],
    ['push.example.com', null],
    ['localhost.', 'trailing_dot'],
    ['fcm.googleapis.com.', 'trailing_dot'],
    ['127.0.0.1', 'ip_literal'],
    ['10.0.0.5', 'ip_literal'],
    ['2130706433', 'ip_literal'],
    ['0x7f.1', 'ip_literal'],
    ['[::1]', 'ip_literal'],
    ['[::ffff:7f00:1]', 'ip_literal'],
    ['push.123', 'ip_literal'],
    ['localhost', 'not_a_public_name'],
    ['api.localhost', 'not_a_public_name'],
    ['printer.local', 'not_a_public_name'],
    ['metadata.google.internal', 'not_a_public_name'],
    ['router.home.arpa', 'not_a_public_name'],
    ['push.test', 'not_a_public_name'],
    ['intranet', 'not_a_public_name'],
    ['a..b', 'not_a_public_name'],
  ] as const)('%s → %s', (host, problem) => {
    expect(publicHostProblem(host)).toBe(problem);
  });

  it('what the URL parser makes of decimal, hex and trailing-dot hosts is refused too', () => {
    for (const url of ['https://2130706433/x', 'https://0x7f.1/x', 'https://0177.0.0.1/x', 'https://[::1]/x']) {
      expect(publicHostProblem(new URL(url).hostname), url).toBe('ip_literal');
    }
    expect(publicHostProblem(new URL('https://localhost./x').hostname)).toBe('trailing_dot');
    expect(publicHostProblem(new URL('https://LOCALHOST/x').hostname)).toBe('not_a_public_name');
  });
});
