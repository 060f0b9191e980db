import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './private-addresses';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.20',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '[::1]',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '[::ffff:192.168.0.1]',
    '::127.0.0.1',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '11.0.0.1',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '[2606:4700::1111]',
    'crm.example',
    'localhost',
    '',
  ])('%s is not', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
