import { describe, expect, it } from 'vitest';
import { classifyAddress, embeddedIPv4 } from '../../../src/core/net/address-guard.js';

// Classifier only: none of these addresses is ever connected to.
describe('private-network address classifier', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['169.254.10.10', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['100.100.100.200', 'metadata'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:0a00:0001::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fc00::1', 'private'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['[::1]', 'loopback'],
    // Local-use NAT64 (RFC 8215) translates into networks of the operator's choosing.
    ['64:ff9b:1::1', 'private'],
    ['64:ff9b:1::808:808', 'private'],
    ['64:ff9b:1:ffff:ffff:ffff:ffff:ffff', 'private'],
    // IPv4-translated (RFC 2765): a way to name 127.0.0.1 and 169.254.169.254 the mapped-form check missed.
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:169.254.169.254', 'metadata'],
    ['::ffff:0:10.0.0.1', 'private'],
    // Documentation (RFC 9637) and SRv6 SIDs (RFC 9602): never public unicast.
    ['3fff::1', 'documentation'],
    ['3fff:0fff:ffff::1', 'documentation'],
    ['5f00::1', 'reserved'],
    ['5f00:ffff::1', 'reserved'],
  ])('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '64:ff9b:2::1',
    '::ffff:0:8.8.8.8',
    '3fff:1000::1',
    '5f01::1',
  ])('%s is public', (a) => {
    expect(classifyAddress(a)).toBe('public');
  });

  it('rejects non-addresses', () => {
    expect(classifyAddress('localhost')).toBe('invalid');
    expect(classifyAddress('1.2.3')).toBe('invalid');
  });

  it('extracts IPv4 embedded in IPv6 forms', () => {
    expect(embeddedIPv4('::ffff:192.168.0.1')).toBe('192.168.0.1');
    expect(embeddedIPv4('64:ff9b::808:808')).toBe('8.8.8.8');
    expect(embeddedIPv4('2606:4700::1')).toBeNull();
    expect(embeddedIPv4('::ffff:0:192.168.0.1')).toBe('192.168.0.1');
  });
});
