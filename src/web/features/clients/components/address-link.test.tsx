import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers';
import { AddressLink } from './address-link';

describe('AddressLink', () => {
  it('shows an address with commas whole: the first line, then the rest and the suburb', () => {
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <AddressLink
          location={{ address: 'Unit 13, 103 Wellington Street', city: 'Bondi', state: 'NSW', zip: '2026' }}
        />
      </Providers>,
    );
    const link = screen.getByRole('link', { name: 'Unit 13 103 Wellington Street, Bondi NSW 2026' });
    // Two lines: each its own block.
    expect(screen.getByText('Unit 13').style.display).toBe('block');
    expect(screen.getByText('103 Wellington Street, Bondi NSW 2026').style.display).toBe('block');
    expect(new URL(link.getAttribute('href') ?? '').searchParams.get('query')).toBe(
      'Unit 13, 103 Wellington Street, Bondi, NSW, 2026',
    );
  });
});
