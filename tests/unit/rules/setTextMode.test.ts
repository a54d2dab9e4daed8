import { describe, expect, it } from 'vitest';
import { setTextFlow } from '../../../src/domain/validation/setTextMode.ts';

describe('SPEC §4 set-text modes', () => {
  it('ST1: DirectWithAcknowledge confirms, then sends', () => {
    expect(setTextFlow('DirectWithAcknowledge')).toBe('confirmThenSend');
  });
  it('ST2: DirectWithoutAcknowledge sends at once', () => {
    expect(setTextFlow('DirectWithoutAcknowledge')).toBe('sendNow');
  });
  it('ST3: any other mode opens an edit dialog', () => {
    for (const mode of ['Edit', 'Dialog', 'directwithacknowledge', '', null, undefined]) {
      expect(setTextFlow(mode)).toBe('editDialog');
    }
  });
});
