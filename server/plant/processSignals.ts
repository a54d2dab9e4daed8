/** Quality and process measurements and laboratory values per kind of station. */
import type { StationKind } from './stationCatalog.ts';

interface SignalDef {
  mean: number;
  spread: number;
  min: number;
  max: number;
}
const sig = (mean: number, spread: number, min: number, max: number): SignalDef => ({
  mean,
  spread,
  min,
  max,
});

/** Quality and process measurements per kind: name -> walk. Units are in the PV catalogue. */
export const SIGNALS: Record<StationKind, [string, SignalDef][]> = {
  rawWaterPumping: [
    ['Wasserstand Brunnen 1', sig(12.4, 0.3, 8, 16)],
    ['Wasserstand Brunnen 2', sig(11.8, 0.3, 8, 16)],
    ['Temperatur Rohwasser', sig(10.2, 0.2, 6, 14)],
    ['Trübung Rohwasser', sig(0.9, 0.25, 0.05, 8)],
  ],
  waterworks: [
    ['Trübung Filterablauf', sig(0.08, 0.03, 0.01, 1)],
    ['Chlor frei', sig(0.25, 0.03, 0, 0.6)],
    ['pH-Wert', sig(7.6, 0.05, 6.5, 9)],
    ['Temperatur Reinwasser', sig(10.6, 0.2, 6, 16)],
    ['Leitfähigkeit', sig(540, 10, 300, 900)],
    ['Filterwiderstand Filter 1', sig(0.12, 0.02, 0, 0.5)],
  ],
  reservoir: [
    ['Chlor frei', sig(0.18, 0.03, 0, 0.5)],
    ['Temperatur Wasserkammer', sig(11, 0.2, 5, 18)],
  ],
  boosterStation: [['Temperatur Wasser', sig(11.5, 0.2, 5, 18)]],
  sewagePumping: [['Schwefelwasserstoff', sig(3, 2, 0, 50)]],
  stormwaterTank: [],
  wastewaterTreatment: [
    ['Sauerstoff Belebung 1', sig(2.0, 0.3, 0, 8)],
    ['Sauerstoff Belebung 2', sig(1.9, 0.3, 0, 8)],
    ['Ammonium-Stickstoff Ablauf', sig(0.8, 0.3, 0, 10)],
    ['Nitrat-Stickstoff Ablauf', sig(6.5, 0.8, 0, 25)],
    ['Phosphor gesamt Ablauf', sig(0.6, 0.1, 0, 4)],
    ['Trübung Ablauf', sig(2.5, 0.6, 0, 30)],
    ['Temperatur Abwasser', sig(14, 0.4, 5, 25)],
    ['Schlammspiegel Nachklärung', sig(1.2, 0.15, 0.2, 3.5)],
  ],
  networkMeasuringPoint: [
    ['Chlor frei', sig(0.15, 0.03, 0, 0.5)],
    ['Temperatur Wasser', sig(11.4, 0.2, 5, 18)],
    ['Trübung', sig(0.1, 0.03, 0, 2)],
  ],
};

/** Laboratory values per kind: name -> typical result. */
export const LAB: Record<StationKind, [string, number][]> = {
  rawWaterPumping: [['Nitrat Rohwasser', 21.5]],
  waterworks: [
    ['Nitrat Reinwasser', 18.2],
    ['Gesamthärte', 12.4],
    ['Coliforme Bakterien', 0],
  ],
  reservoir: [['Coliforme Bakterien', 0]],
  boosterStation: [],
  sewagePumping: [],
  stormwaterTank: [],
  wastewaterTreatment: [
    ['CSB Ablauf', 28],
    ['BSB5 Ablauf', 4.5],
    ['Stickstoff gesamt Ablauf', 8.2],
  ],
  networkMeasuringPoint: [['Coliforme Bakterien', 0]],
};
