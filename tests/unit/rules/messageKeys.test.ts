import { describe, expect, it } from 'vitest';
import { de, en, cs, ru } from '../i18n/allTexts.ts';
import { translatorIn } from '../i18n/allTextsRuntime.ts';
import {
  FILTER_LOGIC_LABEL_KEYS,
  FILTER_OPERATOR_LABEL_KEYS,
} from '../../../src/domain/filters.ts';
import { ACKNOWLEDGE_KEYS } from '../../../src/domain/validation/acknowledge.ts';
import { ACTION_TARGET_KEYS } from '../../../src/domain/validation/actionTargets.ts';
import { SCAN_KEYS } from '../../../src/domain/scannedAddress.ts';
import { FORM_KEYS } from '../../../src/domain/validation/forms.ts';
import { LIMIT_KEYS } from '../../../src/domain/validation/limits.ts';
import { RESULT_KEYS } from '../../../src/domain/validation/resultDialogs.ts';
import { VALUE_ENTRY_KEYS } from '../../../src/domain/validation/valueEntry.ts';

const LOCALES: Record<string, unknown> = { de, en, cs, ru };
const NAMESPACES = ['validation', 'filters', 'results'];

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      tree,
    );
}

function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object') {
    for (const [k, v] of Object.entries(tree)) {
      for (const [lk, lv] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(lk, lv);
    }
  }
  return out;
}

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();

const ALL_KEYS = [
  ...Object.values(VALUE_ENTRY_KEYS),
  ...Object.values(LIMIT_KEYS),
  ...Object.values(ACKNOWLEDGE_KEYS),
  ...Object.values(FORM_KEYS),
  ...Object.values(ACTION_TARGET_KEYS),
  ...Object.values(SCAN_KEYS),
  ...Object.values(RESULT_KEYS),
  ...Object.values(FILTER_OPERATOR_LABEL_KEYS),
  ...Object.values(FILTER_LOGIC_LABEL_KEYS),
];

describe('SPEC §5/§8 message texts in four languages', () => {
  it('MK1: every key a rule returns exists as text in de, en, cs and ru', () => {
    for (const [lang, tree] of Object.entries(LOCALES)) {
      for (const key of ALL_KEYS) {
        expect(typeof lookup(tree, key), `${lang}: ${key}`).toBe('string');
      }
    }
  });

  it('MK2: en, cs and ru have exactly the German keys of our namespaces, with the same placeholders', () => {
    // Plural forms differ by language (cs and ru have few and many): keys compare by their base.
    const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
    const byBase = (texts: Map<string, string>) =>
      new Map([...texts].map(([key, text]) => [base(key), text]));
    for (const ns of NAMESPACES) {
      const source = byBase(leaves(lookup(de, ns), ns));
      for (const lang of ['en', 'cs', 'ru']) {
        const forms = leaves(lookup(LOCALES[lang], ns), ns);
        const other = byBase(forms);
        expect([...other.keys()].sort(), `${lang} ${ns}`).toEqual([...source.keys()].sort());
        for (const [key, text] of forms) {
          expect(placeholders(text), `${lang} ${key}`).toEqual(
            placeholders(source.get(base(key))!),
          );
          expect(text.trim(), `${lang} ${key}`).not.toBe('');
        }
      }
    }
  });

  it('MK3: the German texts are the exact source texts of SPEC §5 and §8', () => {
    const t = (key: string): unknown => lookup(de, key);
    expect(t('validation.limits.priorityRange')).toBe(
      'Prioritäten müssen zwischen 0 und 9 liegen.',
    );
    expect(t('validation.limits.delayTimeRange')).toBe(
      'Verzögerungszeiten müssen zwischen 0 und 65535 liegen.',
    );
    expect(t('validation.limits.bottomAboveOthers')).toBe(
      'Der untere Grenzwert darf nicht über anderen Grenzwerten liegen.',
    );
    expect(t('validation.limits.bottomMiddleAboveTopMiddle')).toBe(
      'Der untere mittlere Grenzwert darf nicht über dem oberem mittlerem Grenzwert liegen',
    );
    expect(t('validation.limits.topBelowOthers')).toBe(
      'Der ober Grenzwert darf nicht unter anderen Grenzwerten liegen.',
    );
    expect(t('validation.valueEntry.outOfLimits')).toBe('Werte sind außerhalb der Grenzwerte');
    expect(t('validation.valueEntry.runtimeEmpty')).toBe('Wert darf nicht leer sein.');
    expect(t('validation.valueEntry.runtimeNegative')).toBe('Wert darf nicht negativ sein.');
    expect(t('validation.valueEntry.invalidDate')).toBe('Ungültiges Datum');
    expect(t('validation.acknowledge.noPvGroups')).toBe(
      'Keine PV-Bereiche für ausgewählte Station vorhanden.',
    );
    expect(t('validation.actionTargets.faultyPathTitle')).toBe('Fehlerhafter Pfad');
    expect(t('results.pvSet.notSaved')).toBe('Werte wurden nicht gespeichert');
    expect(t('results.counterReset.notReset')).toBe('Zähler wurden nicht zurückgesetzt');
    expect(t('results.runtimes.notSet')).toBe('Laufzeitwerte konnten nicht gesetzt werden.');
    expect(t('results.digiInAck.notAcknowledged')).toBe('Störeingang wurde nicht quittiert.');
    expect(t('results.plans.notAcknowledged')).toBe('Pläne wurden nicht quittiert');
    expect(t('results.plans.notSaved')).toBe('Pläne wurden nicht gespeichert');
    expect(t('results.stationCall.failed')).toBe('Aktion konnte nicht durchgeführt werden');
    expect(t('results.alertsAck.title')).toBe('Störmeldungen konnten nicht quittiert werden');
    expect(t('results.alertsAck.error')).toBe('Beim Quittieren ist ein Fehler aufgetreten');
    expect(t('results.alertsAck.unauthorized')).toBe(
      'Der angemeldete Benutzer besitzt keine Rechte zum Quittieren.',
    );
    expect(t('results.network.error')).toBe('Netzwerkfehler');
    expect(t('results.network.serverOrNetwork')).toBe('Server-/Netzwerkfehler');
    expect(t('results.priorityOutputs.acknowledged')).toBe(
      'Prioritätenausgänge erfolgreich quittiert',
    );
    expect(t('results.priorityOutputs.noneToAcknowledge')).toBe(
      'Keine Prioritätenausgänge zum Quittieren vorhanden.',
    );
    expect(t('results.load.pvFailed')).toBe('Prozessvariable konnte nicht geladen werden');
  });

  it('MK4: interpolated, the German texts read as in SPEC §2/§5/§8', () => {
    const i18n = { t: translatorIn('de') };
    expect(i18n.t('validation.valueEntry.belowMin', { value: -2, min: 0 })).toBe(
      'Der Wert -2 liegt unter dem Minimalwert von 0',
    );
    expect(i18n.t('validation.valueEntry.aboveMax', { value: 12, max: 10 })).toBe(
      'Der Wert 12 liegt über dem Maximalwert von 10',
    );
    expect(i18n.t('validation.actionTargets.unsupportedAction', { action: 'RunScript' })).toBe(
      'Die Aktion RunScript wird im Webclient nicht unterstützt',
    );
    expect(i18n.t('results.load.pvMissing', { type: 'AnaIn', nr: 100001 })).toBe(
      'AnaIn 100001 konnte nicht geladen werden',
    );
    expect(i18n.t('results.load.runtimesFailed', { names: 'Pumpe 1' })).toBe(
      'Laufzeiten für Pumpe 1 konnten nicht geladen werden',
    );
  });
});
