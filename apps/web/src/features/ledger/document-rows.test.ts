import { describe, expect, it } from 'vitest';
import {
  blankLines,
  lineAmounts,
  linesReplaceable,
  pickedClassification,
  resizeInstallments,
  type ApportionmentRow,
} from './document-rows';

const line = (classificationId: string, costCentreId: string, share: string): ApportionmentRow => ({
  classificationId,
  costCentreId,
  share,
});
const blank = [line('', '', '100')];
const template = [line('rent', 'admin', '60'), line('rent', 'sales', '40')];

describe('the apportionment lines of the document form', () => {
  it('lets a default replace lines still blank or as the form filled them, never lines changed by hand', () => {
    expect(blankLines(blank)).toBe(true);
    expect(linesReplaceable(blank, null)).toBe(true);
    expect(linesReplaceable(template, template)).toBe(true);
    expect(linesReplaceable([line('rent', 'admin', '60'), line('rent', 'sales', '40')], template)).toBe(true);
    expect(linesReplaceable([line('rent', 'admin', '50'), line('rent', 'sales', '50')], template)).toBe(false);
    expect(linesReplaceable([line('rent', '', '100')], null)).toBe(false);
    expect(linesReplaceable(template, null)).toBe(false);
  });

  it('tells a classification just chosen on one line from the form filling every line at once', () => {
    expect(pickedClassification(blank, [line('rent', '', '100')])).toBe('rent');
    expect(pickedClassification(template, [line('rent', 'admin', '60'), line('energy', 'sales', '40')])).toBe('energy');
    expect(pickedClassification(blank, [line('', 'admin', '100')])).toBeNull();
    expect(pickedClassification(blank, template)).toBeNull();
    expect(pickedClassification(blank, [line('rent', 'admin', '100')])).toBeNull();
    expect(pickedClassification([line('rent', '', '100')], [line('', '', '100')])).toBeNull();
  });

  it('splits the gross among the lines to the centavo, the first ones taking the odd centavos', () => {
    expect(lineAmounts(100_000, template)).toEqual([60_000, 40_000]);
    expect(lineAmounts(100, [line('a', 'x', '33,34'), line('a', 'y', '33,33'), line('a', 'z', '33,33')])).toEqual([
      34, 33, 33,
    ]);
    expect(lineAmounts(100_000, [line('a', 'x', '60'), line('a', 'y', '30')])).toBeNull();
    expect(lineAmounts(100_000, [line('a', 'x', '')])).toBeNull();
    expect(lineAmounts(0, template)).toBeNull();
  });
});

describe('installments with dates typed one by one', () => {
  const typed = [
    { dueDate: '10/03/2026', amount: '500,00', code: '' },
    { dueDate: '25/04/2026', amount: '500,00', code: '23793381286' },
  ];

  it('keeps the dates typed when the count grows or shrinks, and splits the net again', () => {
    expect(resizeInstallments(typed, 3, 100_000)).toEqual([
      { dueDate: '10/03/2026', amount: '333,34', code: '' },
      { dueDate: '25/04/2026', amount: '333,33', code: '23793381286' },
      { dueDate: '', amount: '333,33', code: '' },
    ]);
    expect(resizeInstallments(typed, 1, 100_000)).toEqual([{ dueDate: '10/03/2026', amount: '1.000,00', code: '' }]);
    expect(resizeInstallments([], 2, 1_000)).toEqual([
      { dueDate: '', amount: '5,00', code: '' },
      { dueDate: '', amount: '5,00', code: '' },
    ]);
  });

  it('leaves the amounts as they were while the net cannot give each installment a centavo', () => {
    expect(resizeInstallments(typed, 3, 0)).toEqual([...typed, { dueDate: '', amount: '', code: '' }]);
  });
});
