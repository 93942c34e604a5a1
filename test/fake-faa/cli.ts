/**
 * The fake FAA as a process, for the e2e run (playwright.config.ts starts it beside the built service):
 * `node --import tsx test/fake-faa/cli.ts` on FAKE_FAA_PORT (playwright.config.ts: E2E_PORT + 200), serving the standing
 * Washington DC FRZ (the real file) and a made TFR in open Nebraska, where the sandbox has only Class G.
 * The spec turns the list's answers bad and good again with POST /_control/list/<mode>.
 */
import { DC_FRZ, startFakeFaa } from './server';

/** The e2e TFR: about 1.5 NM across, around (-99.495, 41.405). */
export const E2E_TFR = { id: '6/0909', center: [-99.495, 41.405] as [number, number], scale: 0.05, city: 'OPEN NEBRASKA WILDFIRE', state: 'NEBRASKA', facility: 'ZMP', type: 'HAZARDS', codeType: '91.137', description: 'Wildfire near open Nebraska (fake FAA for the e2e run)' };

const port = Number(process.env.FAKE_FAA_PORT ?? 4175);
const faa = await startFakeFaa({ port });
faa.tfrs.set(DC_FRZ.id, DC_FRZ);
faa.tfrs.set(E2E_TFR.id, E2E_TFR);
console.log(JSON.stringify({ msg: 'fake FAA listening', url: faa.url }));
const stop = () => void faa.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
