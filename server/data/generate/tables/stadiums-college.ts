/**
 * NCAA Division I (FBS) football stadiums and major motor speedways of 30,000 seats or more. Positions
 * and capacities from the venues' published facts (university athletics and track sites). Same FAA
 * restriction as the professional venues (FDC NOTAM 4/3621; NCAA Division I football and major motor
 * speedways are named in it).
 */
import type { League, StadiumEntry } from './stadiums-pro';

const s = (id: string, name: string, tenant: string, league: League, capacity: number, lat: number, lon: number): StadiumEntry =>
  ({ id, name, tenant, league, capacity, lon, lat });

export const COLLEGE_AND_SPEEDWAYS: readonly StadiumEntry[] = [
  s('michigan-stadium', 'Michigan Stadium', 'Michigan Wolverines', 'NCAA', 107601, 42.2658, -83.7487),
  s('beaver-stadium', 'Beaver Stadium', 'Penn State Nittany Lions', 'NCAA', 106572, 40.8122, -77.8561),
  s('ohio-stadium', 'Ohio Stadium', 'Ohio State Buckeyes', 'NCAA', 102780, 40.0017, -83.0197),
  s('kyle-field', 'Kyle Field', 'Texas A&M Aggies', 'NCAA', 102733, 30.6102, -96.3403),
  s('neyland-stadium', 'Neyland Stadium', 'Tennessee Volunteers', 'NCAA', 101915, 35.955, -83.925),
  s('tiger-stadium', 'Tiger Stadium', 'LSU Tigers', 'NCAA', 102321, 30.412, -91.1838),
  s('bryant-denny-stadium', 'Bryant-Denny Stadium', 'Alabama Crimson Tide', 'NCAA', 100077, 33.2083, -87.5504),
  s('dkr-memorial-stadium', 'Darrell K Royal-Texas Memorial Stadium', 'Texas Longhorns', 'NCAA', 100119, 30.2837, -97.7325),
  s('sanford-stadium', 'Sanford Stadium', 'Georgia Bulldogs', 'NCAA', 92746, 33.9497, -83.3733),
  s('rose-bowl', 'Rose Bowl', 'UCLA Bruins', 'NCAA', 89702, 34.1613, -118.1676),
  s('ben-hill-griffin-stadium', 'Ben Hill Griffin Stadium', 'Florida Gators', 'NCAA', 88548, 29.65, -82.3486),
  s('jordan-hare-stadium', 'Jordan-Hare Stadium', 'Auburn Tigers', 'NCAA', 88043, 32.6025, -85.4897),
  s('memorial-stadium-lincoln', 'Memorial Stadium', 'Nebraska Cornhuskers', 'NCAA', 85458, 40.8206, -96.7056),
  s('memorial-stadium-clemson', 'Memorial Stadium', 'Clemson Tigers', 'NCAA', 81500, 34.6786, -82.8432),
  s('oklahoma-memorial-stadium', 'Gaylord Family Oklahoma Memorial Stadium', 'Oklahoma Sooners', 'NCAA', 80126, 35.2059, -97.4423),
  s('notre-dame-stadium', 'Notre Dame Stadium', 'Notre Dame Fighting Irish', 'NCAA', 77622, 41.6984, -86.2339),
  s('la-memorial-coliseum', 'Los Angeles Memorial Coliseum', 'USC Trojans', 'NCAA', 77500, 34.0141, -118.2879),
  s('williams-brice-stadium', 'Williams-Brice Stadium', 'South Carolina Gamecocks', 'NCAA', 77559, 33.973, -81.0192),
  s('camp-randall-stadium', 'Camp Randall Stadium', 'Wisconsin Badgers', 'NCAA', 76057, 43.07, -89.4127),
  s('razorback-stadium', 'Donald W. Reynolds Razorback Stadium', 'Arkansas Razorbacks', 'NCAA', 76212, 36.0681, -94.1789),
  s('spartan-stadium', 'Spartan Stadium', 'Michigan State Spartans', 'NCAA', 75005, 42.7281, -84.4848),
  s('husky-stadium', 'Husky Stadium', 'Washington Huskies', 'NCAA', 70083, 47.6503, -122.3016),
  s('kinnick-stadium', 'Kinnick Stadium', 'Iowa Hawkeyes', 'NCAA', 69250, 41.6587, -91.5511),
  s('doak-campbell-stadium', 'Doak Campbell Stadium', 'Florida State Seminoles', 'NCAA', 67277, 30.4381, -84.3044),
  s('lane-stadium', 'Lane Stadium', 'Virginia Tech Hokies', 'NCAA', 65632, 37.22, -80.418),
  s('vaught-hemingway-stadium', 'Vaught-Hemingway Stadium', 'Ole Miss Rebels', 'NCAA', 64038, 34.3619, -89.5344),
  s('faurot-field', 'Faurot Field', 'Missouri Tigers', 'NCAA', 62621, 38.9359, -92.3332),
  s('davis-wade-stadium', 'Davis Wade Stadium', 'Mississippi State Bulldogs', 'NCAA', 61337, 33.4563, -88.7936),
  s('autzen-stadium', 'Autzen Stadium', 'Oregon Ducks', 'NCAA', 54000, 44.0583, -123.0685),
  s('daytona-speedway', 'Daytona International Speedway', 'NASCAR', 'MOTORSPORT', 101500, 29.1852, -81.0705),
  s('talladega-superspeedway', 'Talladega Superspeedway', 'NASCAR', 'MOTORSPORT', 80000, 33.5697, -86.0664),
  s('indianapolis-motor-speedway', 'Indianapolis Motor Speedway', 'IndyCar and NASCAR', 'MOTORSPORT', 257325, 39.795, -86.2347),
  s('charlotte-motor-speedway', 'Charlotte Motor Speedway', 'NASCAR', 'MOTORSPORT', 95000, 35.3522, -80.6828),
  s('bristol-motor-speedway', 'Bristol Motor Speedway', 'NASCAR', 'MOTORSPORT', 146000, 36.5157, -82.257),
  s('texas-motor-speedway', 'Texas Motor Speedway', 'NASCAR and IndyCar', 'MOTORSPORT', 135000, 33.0372, -97.2817),
  s('michigan-speedway', 'Michigan International Speedway', 'NASCAR', 'MOTORSPORT', 56000, 42.0664, -84.2415),
  s('las-vegas-speedway', 'Las Vegas Motor Speedway', 'NASCAR', 'MOTORSPORT', 80000, 36.2719, -115.0107),
  s('atlanta-speedway', 'EchoPark Speedway (Atlanta)', 'NASCAR', 'MOTORSPORT', 71000, 33.3836, -84.3169),
  s('phoenix-raceway', 'Phoenix Raceway', 'NASCAR', 'MOTORSPORT', 42000, 33.3753, -112.3114),
  s('martinsville-speedway', 'Martinsville Speedway', 'NASCAR', 'MOTORSPORT', 44000, 36.6341, -79.8517),
];
