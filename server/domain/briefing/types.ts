/** Shapes shared by the engine's parts. */
import type { AuthorizationType, Notice } from '../../contract/briefing';
import type { AirspaceFeature } from '../../data/model';
import type { Outcome } from './rules';

/** A notice together with what the engine decided for it. */
export interface Evaluated {
  notice: Notice;
  outcome: Outcome;
  authorization: AuthorizationType;
  /** Controlled airspace needing ATC authorization (its absence means Class G). */
  controlled: boolean;
  /** The dataset features behind the notice (several when cells or sectors are folded together). */
  features: AirspaceFeature[];
  /** Set on the model-margin notice (model-margin.ts): its decision rests on modelled airspace near the input, not on what the input touches. */
  modelMargin?: true;
  /** Set on the notices of live sources past their promise (live-data.ts): no answer with one says "no authorization required". */
  liveData?: true;
}
