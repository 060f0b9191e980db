import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { buildContentSecurityPolicy } from './security-headers';

describe('map tiles in the configuration and the CSP', () => {
  it("defaults to OpenStreetMap's tiles and allows exactly that origin for images", () => {
    const config = loadConfig({});
    expect(config.MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(buildContentSecurityPolicy(config).imgSrc).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
    ]);
  });

  it("allows another tile server's origin (and only its origin) when configured", () => {
    const config = loadConfig({ MAP_TILE_URL: 'https://tiles.example.org:8443/osm/{z}/{x}/{y}.png?key=abc' });
    expect(buildContentSecurityPolicy(config).imgSrc).toContain('https://tiles.example.org:8443');
    expect(buildContentSecurityPolicy(config).imgSrc).not.toContain('https://tile.openstreetmap.org');
  });

  it('accepts the placeholders in any order (some servers put y before x)', () => {
    const config = loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/tile/{z}/{y}/{x}' });
    expect(buildContentSecurityPolicy(config).imgSrc).toContain('https://tiles.example.org');
  });

  it.each([
    'tile.openstreetmap.org/{z}/{x}/{y}.png',
    'https://tiles.example.org/{x}/{y}.png',
    'ftp://t/{z}/{x}/{y}',
  ])('refuses %j with one line naming MAP_TILE_URL', (value) => {
    expect(() => loadConfig({ MAP_TILE_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ MAP_TILE_URL: value })).toThrow(/^Invalid configuration: MAP_TILE_URL /);
  });
});
