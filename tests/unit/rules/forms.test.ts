import { describe, expect, it } from 'vitest';
import {
  checkDateBounds,
  checkRequiredFields,
  checkUrl,
  collectMessages,
  dateBoundsAround,
  documentFormParts,
  isWebUrl,
  requireDate,
  requireDescription,
  requireFile,
  requireNumber,
  requirePv,
  requireShortDescription,
  requireText,
  requireValue,
  validateDocumentInput,
} from '../../../src/domain/validation/forms.ts';

describe('SPEC §5 Forms', () => {
  it('FO1: text must not be empty', () => {
    expect(requireText('')).toEqual({ key: 'validation.forms.textEmpty' });
    expect(requireText('  \n', 'note')).toEqual({
      key: 'validation.forms.textEmpty',
      field: 'note',
    });
    expect(requireText(null)).not.toBeNull();
    expect(requireText('x')).toBeNull();
  });

  it('FO2-FO4: please enter a date, a number, a value', () => {
    expect(requireDate(null)?.key).toBe('validation.forms.enterDate');
    expect(requireDate(new Date('nope'))?.key).toBe('validation.forms.enterDate');
    expect(requireDate(new Date(0))).toBeNull();
    expect(requireNumber('')?.key).toBe('validation.forms.enterNumber');
    expect(requireNumber('x1')?.key).toBe('validation.forms.enterNumber');
    expect(requireNumber('3,5')).toBeNull();
    expect(requireNumber(0)).toBeNull();
    expect(requireValue(undefined)?.key).toBe('validation.forms.enterValue');
    expect(requireValue(0)).toBeNull();
    expect(requireValue(false)).toBeNull();
  });

  it('FO5: please select a PV or a file', () => {
    expect(requirePv(null)).toEqual({ key: 'validation.forms.selectPv', field: 'pv' });
    expect(requirePv({ type: 'AnaIn', nr: 1 })).toBeNull();
    expect(requireFile(undefined)).toEqual({ key: 'validation.forms.selectFile', field: 'file' });
    expect(requireFile({ name: 'a.pdf' })).toBeNull();
  });

  it('FO6: enter a description and a short description', () => {
    expect(requireDescription(' ')?.key).toBe('validation.forms.enterDescription');
    expect(requireShortDescription('')?.key).toBe('validation.forms.enterShortDescription');
    expect(requireDescription('Pumpe')).toBeNull();
  });

  it('FO7: enter a URL; only web URLs are supported', () => {
    expect(checkUrl('')?.key).toBe('validation.forms.enterUrl');
    expect(checkUrl('file:///c:/x.pdf')?.key).toBe('validation.forms.onlyWebUrls');
    expect(checkUrl('javascript:alert(1)')?.key).toBe('validation.forms.onlyWebUrls');
    expect(checkUrl('www.example.org')?.key).toBe('validation.forms.onlyWebUrls');
    expect(checkUrl('https://example.org/doc')).toBeNull();
    expect(isWebUrl('http://10.0.0.1:8080/x')).toBe(true);
  });

  it('FO8: required fields must be filled before update; the missing ones are named', () => {
    expect(checkRequiredFields({ a: 'x', b: ' ', c: null }, ['a', 'b', 'c', 'd'])).toEqual({
      message: { key: 'validation.forms.requiredFields' },
      missing: ['b', 'c', 'd'],
    });
    expect(checkRequiredFields({ a: 1 }, ['a'])).toBeNull();
  });

  it('FO9: a date too far in the past or future', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    const bounds = dateBoundsAround(now, 100, 10);
    expect(checkDateBounds(Date.parse('1900-01-01'), bounds)?.key).toBe(
      'validation.forms.dateTooFarInPast',
    );
    expect(checkDateBounds(Date.parse('2040-01-01'), bounds)?.key).toBe(
      'validation.forms.dateTooFarInFuture',
    );
    expect(checkDateBounds(now, bounds)).toBeNull();
    expect(checkDateBounds(bounds.earliest, bounds)).toBeNull();
    expect(checkDateBounds(bounds.latest + 1, bounds)).not.toBeNull();
  });

  it('FO10: the file is attached only for docType File with a file; target only when present', () => {
    const file = { file: 'BLOB', filename: 'Pumpe.pdf' };
    expect(documentFormParts({ description: 'Datenblatt', docType: 'File', file })).toEqual([
      { name: 'description', kind: 'text', value: 'Datenblatt' },
      { name: 'docType', kind: 'text', value: 'File' },
      { name: 'file', kind: 'file', file: 'BLOB', filename: 'Pumpe.pdf' },
    ]);
    expect(
      documentFormParts({ description: 'Link', docType: 'Link', target: 'https://x.org', file }),
    ).toEqual([
      { name: 'description', kind: 'text', value: 'Link' },
      { name: 'docType', kind: 'text', value: 'Link' },
      { name: 'target', kind: 'text', value: 'https://x.org' },
    ]);
    expect(
      documentFormParts({ description: 'd', docType: 'File', target: '  ', file: null }),
    ).toEqual([
      { name: 'description', kind: 'text', value: 'd' },
      { name: 'docType', kind: 'text', value: 'File' },
    ]);
    // The upload's id goes before the file, so the server has it whatever the file holds.
    expect(
      documentFormParts({ description: 'd', docType: 'File', file, uploadId: 'a1b2c3d4' }),
    ).toEqual([
      { name: 'description', kind: 'text', value: 'd' },
      { name: 'docType', kind: 'text', value: 'File' },
      { name: 'uploadId', kind: 'text', value: 'a1b2c3d4' },
      { name: 'file', kind: 'file', file: 'BLOB', filename: 'Pumpe.pdf' },
    ]);
  });

  it('FO11: the document form needs a description, and a file for docType File', () => {
    expect(
      validateDocumentInput({ description: '', docType: 'File', file: null }).map((m) => m.key),
    ).toEqual(['validation.forms.enterDescription', 'validation.forms.selectFile']);
    expect(
      validateDocumentInput({ description: 'x', docType: 'Link', target: 'ftp://x' }).map(
        (m) => m.key,
      ),
    ).toEqual(['validation.forms.onlyWebUrls']);
    expect(collectMessages(null, null)).toEqual([]);
  });

  it('FO12: a link document needs a short description and a web URL as its target', () => {
    expect(
      validateDocumentInput({ description: ' ', docType: 'Link', target: '' }).map((m) => [
        m.key,
        m.field,
      ]),
    ).toEqual([
      ['validation.forms.enterShortDescription', 'description'],
      ['validation.forms.enterUrl', 'target'],
    ]);
    expect(
      validateDocumentInput({
        description: 'Herstellerseite',
        docType: 'Link',
        target: 'https://pumpen.example/p1',
      }),
    ).toEqual([]);
  });
});
