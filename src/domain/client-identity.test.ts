import { describe, expect, it } from 'vitest';
import {
  clientNameMessage,
  describeClientStatus,
  findClientIdentityErrors,
  isPostcodeText,
  isStateText,
  normaliseState,
  stateMessage,
  zipMessage,
} from './client-identity';

describe('client identity fields', () => {
  it('reads a state in any case and spacing, and refuses one that is not Australian', () => {
    expect(normaliseState(' nsw ')).toBe('NSW');
    expect(['', 'NSW', 'vic', ' Qld ', 'ACT', 'nt', 'WA', 'SA', 'TAS'].every(isStateText)).toBe(true);
    expect(['New South Wales', 'N.S.W.', 'XYZ', 'NZ'].some(isStateText)).toBe(false);
  });

  it('takes four-digit postcodes or none', () => {
    expect(['', '2042', ' 0800 '].every(isPostcodeText)).toBe(true);
    expect(['204', '20420', 'NSW', '2O42'].some(isPostcodeText)).toBe(false);
  });

  it('says per field what is wrong, as the form shows it', () => {
    expect(findClientIdentityErrors({ name: 'Ann', state: 'nsw', zip: '2042' })).toEqual({
      name: null,
      state: null,
      zip: null,
    });
    expect(findClientIdentityErrors({ name: '  ', state: 'Sydney', zip: '42' })).toEqual({
      name: clientNameMessage,
      state: stateMessage,
      zip: zipMessage,
    });
  });

  it('names each status, and shows one outside the list as it is', () => {
    expect(describeClientStatus('on_hold')).toBe('On Hold');
    expect(describeClientStatus('waiting_list')).toBe('Waiting List');
    expect(describeClientStatus('archived')).toBe('archived');
  });
});
