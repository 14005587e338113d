import { describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, permissionLabel } from '@financeiro/core';
import { SCREENS } from './table';

describe('menu text', () => {
  it('reads in pt-BR: no English product words in screen titles or permission labels', () => {
    const english = /\b(roadmap|split|dashboard)\b/i;
    for (const screen of SCREENS) expect(screen.display.title, screen.name).not.toMatch(english);
    for (const name of PERMISSION_NAMES) expect(permissionLabel(name), name).not.toMatch(english);
  });
});
