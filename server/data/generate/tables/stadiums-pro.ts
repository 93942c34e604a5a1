/**
 * MLB and NFL venues of 30,000 seats or more. Positions (to about 100 m) and capacities from the
 * venues' published facts (team and league sites, Wikipedia infoboxes). The FAA restriction over them
 * (3 NM, 3,000 ft AGL, 1 hour before to 1 hour after events) is 14 CFR 99.7 via FDC NOTAM 4/3621.
 */
export type League = 'MLB' | 'NFL' | 'NCAA' | 'MOTORSPORT';

export interface StadiumEntry {
  id: string;
  name: string;
  tenant: string;
  league: League;
  capacity: number;
  lon: number;
  lat: number;
}

const s = (id: string, name: string, tenant: string, league: League, capacity: number, lat: number, lon: number): StadiumEntry =>
  ({ id, name, tenant, league, capacity, lon, lat });

export const PRO_STADIUMS: readonly StadiumEntry[] = [
  s('angel-stadium', 'Angel Stadium', 'Los Angeles Angels', 'MLB', 45517, 33.8003, -117.8827),
  s('chase-field', 'Chase Field', 'Arizona Diamondbacks', 'MLB', 48405, 33.4455, -112.0667),
  s('truist-park', 'Truist Park', 'Atlanta Braves', 'MLB', 41084, 33.8908, -84.4678),
  s('camden-yards', 'Oriole Park at Camden Yards', 'Baltimore Orioles', 'MLB', 44970, 39.2839, -76.6217),
  s('fenway-park', 'Fenway Park', 'Boston Red Sox', 'MLB', 37755, 42.3467, -71.0972),
  s('wrigley-field', 'Wrigley Field', 'Chicago Cubs', 'MLB', 41649, 41.9484, -87.6553),
  s('rate-field', 'Rate Field', 'Chicago White Sox', 'MLB', 40615, 41.8299, -87.6338),
  s('great-american-ball-park', 'Great American Ball Park', 'Cincinnati Reds', 'MLB', 42319, 39.0975, -84.5066),
  s('progressive-field', 'Progressive Field', 'Cleveland Guardians', 'MLB', 34830, 41.4962, -81.6852),
  s('coors-field', 'Coors Field', 'Colorado Rockies', 'MLB', 50144, 39.7559, -104.9942),
  s('comerica-park', 'Comerica Park', 'Detroit Tigers', 'MLB', 41083, 42.339, -83.0485),
  s('daikin-park', 'Daikin Park', 'Houston Astros', 'MLB', 41168, 29.7573, -95.3555),
  s('kauffman-stadium', 'Kauffman Stadium', 'Kansas City Royals', 'MLB', 37903, 39.0517, -94.4803),
  s('dodger-stadium', 'Dodger Stadium', 'Los Angeles Dodgers', 'MLB', 56000, 34.0739, -118.24),
  s('loandepot-park', 'loanDepot park', 'Miami Marlins', 'MLB', 37442, 25.7781, -80.2197),
  s('american-family-field', 'American Family Field', 'Milwaukee Brewers', 'MLB', 41900, 43.028, -87.9712),
  s('target-field', 'Target Field', 'Minnesota Twins', 'MLB', 38544, 44.9817, -93.2776),
  s('citi-field', 'Citi Field', 'New York Mets', 'MLB', 41922, 40.7571, -73.8458),
  s('yankee-stadium', 'Yankee Stadium', 'New York Yankees', 'MLB', 46537, 40.8296, -73.9262),
  s('citizens-bank-park', 'Citizens Bank Park', 'Philadelphia Phillies', 'MLB', 42792, 39.9061, -75.1665),
  s('pnc-park', 'PNC Park', 'Pittsburgh Pirates', 'MLB', 38747, 40.4469, -80.0057),
  s('petco-park', 'Petco Park', 'San Diego Padres', 'MLB', 40209, 32.7073, -117.1566),
  s('oracle-park', 'Oracle Park', 'San Francisco Giants', 'MLB', 41915, 37.7786, -122.3893),
  s('t-mobile-park', 'T-Mobile Park', 'Seattle Mariners', 'MLB', 47929, 47.5914, -122.3325),
  s('busch-stadium', 'Busch Stadium', 'St. Louis Cardinals', 'MLB', 44494, 38.6226, -90.1928),
  s('globe-life-field', 'Globe Life Field', 'Texas Rangers', 'MLB', 40300, 32.7473, -97.0847),
  s('nationals-park', 'Nationals Park', 'Washington Nationals', 'MLB', 41339, 38.873, -77.0074),
  s('state-farm-stadium', 'State Farm Stadium', 'Arizona Cardinals', 'NFL', 63400, 33.5276, -112.2626),
  s('mercedes-benz-stadium', 'Mercedes-Benz Stadium', 'Atlanta Falcons', 'NFL', 71000, 33.7554, -84.4008),
  s('mt-bank-stadium', 'M&T Bank Stadium', 'Baltimore Ravens', 'NFL', 71008, 39.278, -76.6227),
  s('highmark-stadium', 'Highmark Stadium', 'Buffalo Bills', 'NFL', 71608, 42.7738, -78.787),
  s('bank-of-america-stadium', 'Bank of America Stadium', 'Carolina Panthers', 'NFL', 74867, 35.2258, -80.8528),
  s('soldier-field', 'Soldier Field', 'Chicago Bears', 'NFL', 61500, 41.8623, -87.6167),
  s('paycor-stadium', 'Paycor Stadium', 'Cincinnati Bengals', 'NFL', 65515, 39.0955, -84.5161),
  s('huntington-bank-field', 'Huntington Bank Field', 'Cleveland Browns', 'NFL', 67431, 41.5061, -81.6995),
  s('att-stadium', 'AT&T Stadium', 'Dallas Cowboys', 'NFL', 80000, 32.7473, -97.0945),
  s('empower-field', 'Empower Field at Mile High', 'Denver Broncos', 'NFL', 76125, 39.7439, -105.0201),
  s('ford-field', 'Ford Field', 'Detroit Lions', 'NFL', 65000, 42.34, -83.0456),
  s('lambeau-field', 'Lambeau Field', 'Green Bay Packers', 'NFL', 81441, 44.5013, -88.0622),
  s('nrg-stadium', 'NRG Stadium', 'Houston Texans', 'NFL', 72220, 29.6847, -95.4107),
  s('lucas-oil-stadium', 'Lucas Oil Stadium', 'Indianapolis Colts', 'NFL', 67000, 39.7601, -86.1639),
  s('everbank-stadium', 'EverBank Stadium', 'Jacksonville Jaguars', 'NFL', 67814, 30.3239, -81.6373),
  s('arrowhead-stadium', 'GEHA Field at Arrowhead Stadium', 'Kansas City Chiefs', 'NFL', 76416, 39.0489, -94.4839),
  s('allegiant-stadium', 'Allegiant Stadium', 'Las Vegas Raiders', 'NFL', 65000, 36.0909, -115.1833),
  s('sofi-stadium', 'SoFi Stadium', 'Los Angeles Rams and Chargers', 'NFL', 70240, 33.9535, -118.3392),
  s('hard-rock-stadium', 'Hard Rock Stadium', 'Miami Dolphins', 'NFL', 65326, 25.958, -80.2389),
  s('us-bank-stadium', 'U.S. Bank Stadium', 'Minnesota Vikings', 'NFL', 66655, 44.9737, -93.2577),
  s('gillette-stadium', 'Gillette Stadium', 'New England Patriots', 'NFL', 65878, 42.0909, -71.2643),
  s('caesars-superdome', 'Caesars Superdome', 'New Orleans Saints', 'NFL', 73208, 29.9511, -90.0812),
  s('metlife-stadium', 'MetLife Stadium', 'New York Giants and Jets', 'NFL', 82500, 40.8135, -74.0745),
  s('lincoln-financial-field', 'Lincoln Financial Field', 'Philadelphia Eagles', 'NFL', 69796, 39.9008, -75.1675),
  s('acrisure-stadium', 'Acrisure Stadium', 'Pittsburgh Steelers', 'NFL', 68400, 40.4468, -80.0158),
  s('levis-stadium', "Levi's Stadium", 'San Francisco 49ers', 'NFL', 68500, 37.4033, -121.9694),
  s('lumen-field', 'Lumen Field', 'Seattle Seahawks', 'NFL', 68740, 47.5952, -122.3316),
  s('raymond-james-stadium', 'Raymond James Stadium', 'Tampa Bay Buccaneers', 'NFL', 65618, 27.9759, -82.5033),
  s('nissan-stadium', 'Nissan Stadium', 'Tennessee Titans', 'NFL', 69143, 36.1665, -86.7713),
  s('northwest-stadium', 'Northwest Stadium', 'Washington Commanders', 'NFL', 62000, 38.9076, -76.8645),
];
