/**
 * Class C primary airports, by FAA location identifier. Source: FAA Order JO 7400.11, section 4000
 * "Class C airspace" (about 120 areas), as charted on the VFR sectional charts. Shape per AIM 3-2-4:
 * a 5 NM surface area from the surface to 4,000 ft above the airport and a 10 NM shelf from 1,200 ft
 * to 4,000 ft above the airport, charted in MSL. Public-domain FAA facts; the list is reproduced to the
 * best of our knowledge and docs/dataset-sandbox.md says how to check it.
 */
export const CLASS_C: readonly string[] = [
  // Alabama, Alaska, Arizona, Arkansas
  'BHM', 'HSV', 'MGM', 'MOB', 'ANC', 'FAI', 'DMA', 'TUS', 'NYL', 'LIT', 'FSM',
  // California
  'BUR', 'FAT', 'MRY', 'OAK', 'ONT', 'PSP', 'SBA', 'SJC', 'SMF', 'SNA', 'BAB',
  // Colorado, Connecticut, Florida
  'COS', 'BDL', 'DAB', 'FLL', 'JAX', 'PBI', 'PNS', 'RSW', 'SRQ', 'TLH', 'VPS',
  // Georgia, Hawaii, Idaho, Illinois
  'AGS', 'CSG', 'SAV', 'OGG', 'LIH', 'BOI', 'MUO', 'CMI', 'MLI', 'PIA', 'RFD', 'SPI',
  // Indiana, Iowa, Kansas, Kentucky, Louisiana
  'EVV', 'FWA', 'IND', 'SBN', 'HUF', 'CID', 'DSM', 'SUX', 'ICT', 'LEX', 'SDF',
  'AEX', 'BAD', 'BTR', 'LFT', 'MLU', 'SHV',
  // Maine, Michigan, Mississippi, Missouri, Montana
  'BGR', 'PWM', 'FNT', 'GRR', 'LAN', 'JAN', 'CBM', 'SGF', 'BIL',
  // Nebraska, Nevada, New Hampshire, New Jersey, New Mexico, New York
  'LNK', 'OMA', 'RNO', 'MHT', 'ACY', 'ABQ', 'ALB', 'BUF', 'ISP', 'ROC', 'SYR',
  // North Carolina, Ohio, Oklahoma, Oregon
  'AVL', 'FAY', 'GSO', 'ILM', 'POB', 'RDU', 'CAK', 'CMH', 'DAY', 'MFD', 'TOL', 'OKC', 'TUL', 'PDX',
  // Pennsylvania, Rhode Island, South Carolina, Tennessee
  'ABE', 'AVP', 'ERI', 'MDT', 'PVD', 'CAE', 'CHS', 'GSP', 'MYR', 'SSC', 'BNA', 'CHA', 'TRI', 'TYS',
  // Texas
  'ABI', 'AMA', 'AUS', 'CRP', 'DLF', 'ELP', 'GRK', 'HRL', 'LBB', 'LRD', 'MAF', 'SAT', 'SPS', 'ACT',
  // Vermont, Virginia, Washington, West Virginia, Wisconsin
  'BTV', 'NTU', 'ORF', 'RIC', 'ROA', 'GEG', 'NUW', 'CRW', 'HTS', 'MKE', 'MSN',
];
