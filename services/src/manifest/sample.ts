import { VESSEL_STATUSES, type Manifest, type Vessel, type VesselStatus } from '@guichet/shared/api/manifest';
import { generator } from '../db/sample-data.js';

/**
 * Sample manifests and vessels. No public source publishes a customs administration's manifests
 * (they are commercially sensitive), so the service generates them deterministically: the same
 * seed and the same day give the same records. Ports are real UN/LOCODEs and offices the reference
 * data's customs offices; vessel names, IMO-like numbers, voyages and figures are made up and every
 * record says sample = true. A deployment replaces this feed with its own manifest system.
 */

export { VESSEL_STATUSES, type Manifest, type Vessel, type VesselStatus };

/** National sea ports (UN/LOCODE) and the customs office (reference data code) that registers their manifests. */
const NATIONAL_PORTS: Array<{ locode: string; name: string; office: string; officeName: string; weight: number }> = [
  { locode: 'BDCGP', name: 'Chattogram', office: '101', officeName: 'Custom House, Chattogram', weight: 0.78 },
  { locode: 'BDMGL', name: 'Mongla', office: '121', officeName: 'Custom House, Mongla', weight: 0.14 },
  { locode: 'BDPGN', name: 'Pangaon', office: '151', officeName: 'Custom House, Pangaon', weight: 0.08 },
];

/** Foreign ports of the trade lanes (UN/LOCODE). */
const FOREIGN_PORTS: Array<[locode: string, name: string]> = [
  ['SGSIN', 'Singapore'],
  ['MYPKG', 'Port Klang'],
  ['LKCMB', 'Colombo'],
  ['INCCU', 'Kolkata'],
  ['INVTZ', 'Visakhapatnam'],
  ['INMAA', 'Chennai'],
  ['CNNGB', 'Ningbo'],
  ['CNSHA', 'Shanghai'],
  ['CNXMN', 'Xiamen'],
  ['HKHKG', 'Hong Kong'],
  ['TWKHH', 'Kaohsiung'],
  ['KRPUS', 'Busan'],
  ['THLCH', 'Laem Chabang'],
  ['VNSGN', 'Ho Chi Minh City'],
  ['IDTPP', 'Tanjung Priok'],
  ['MMRGN', 'Yangon'],
  ['AEJEA', 'Jebel Ali'],
  ['TRMER', 'Mersin'],
  ['NLRTM', 'Rotterdam'],
  ['BEANR', 'Antwerpen'],
  ['DEHAM', 'Hamburg'],
];

const NAME_FIRST = ['Bay', 'Sea', 'Ocean', 'Delta', 'Karnaphuli', 'Padma', 'Orient', 'Star', 'Coral', 'Monsoon', 'Jamuna', 'Meghna'];
const NAME_SECOND = ['Pride', 'Harmony', 'Voyager', 'Horizon', 'Spirit', 'Dawn', 'Pearl', 'Trader', 'Express', 'Glory', 'Wave', 'Unity'];
const FLAGS = ['SG', 'LR', 'PA', 'MH', 'BD', 'HK', 'MT', 'CY', 'PT', 'AG'];
const TYPES = ['Container ship', 'General cargo', 'Bulk carrier', 'Oil tanker', 'LPG tanker'];

const DAY = 86400000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A 7-digit number whose last digit is the IMO check digit (weights 7..2), so it looks like, but is not, a real IMO number. */
function imoLike(random: () => number): string {
  const digits = Array.from({ length: 6 }, (_, index) => (index === 0 ? 9 : Math.floor(random() * 10)));
  const check = digits.reduce((sum, digit, index) => sum + digit * (7 - index), 0) % 10;
  return `${digits.join('')}${check}`;
}

export interface ManifestData {
  manifests: Manifest[];
  vessels: Vessel[];
  /** The day the data was generated for (YYYY-MM-DD). */
  day: string;
}

/** At most NAME_FIRST x NAME_SECOND, so names are unique. */
const VESSEL_COUNT = 140;
const MANIFEST_DAYS = 730;

/** Two years of manifests ending on `day` (about 6,000), and the vessels that carried them. */
export function sampleManifests(day: string, seed = 2026): ManifestData {
  const random = generator(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const fleet = Array.from({ length: VESSEL_COUNT }, (_, index) => ({
    vesselName: `${NAME_FIRST[index % NAME_FIRST.length]} ${NAME_SECOND[Math.floor(index / NAME_FIRST.length)]}`,
    vesselImo: imoLike(random),
    flag: pick(FLAGS),
    vesselType: pick(TYPES),
    voyages: 0,
  }));
  const end = Date.parse(`${day}T00:00:00Z`);
  const start = end - MANIFEST_DAYS * DAY;
  const manifests: Manifest[] = [];
  const counters = new Map<string, number>();
  // Days in calendar order, so registration numbers grow with the registration date within an office and year.
  for (let time = start; time <= end + 6 * DAY; time += DAY) {
    const perDay = 6 + Math.floor(random() * 5);
    for (let index = 0; index < perDay; index++) {
      const vessel = fleet[Math.floor(random() * fleet.length)];
      const roll = random();
      const port = roll < NATIONAL_PORTS[0].weight ? NATIONAL_PORTS[0] : roll < 0.92 ? NATIONAL_PORTS[1] : NATIONAL_PORTS[2];
      const [foreign, foreignName] = pick(FOREIGN_PORTS);
      const flow: Manifest['flow'] = random() < 0.62 ? 'import' : 'export';
      const passage = 2 + Math.floor(random() * 18);
      // Import: arrives at the national port on `time`; export: leaves it on `time`.
      const arrival = flow === 'import' ? time : time + passage * DAY;
      const departure = flow === 'import' ? time - passage * DAY : time;
      // Import manifests are lodged before arrival; export ones up to two days after departure.
      const registration = flow === 'import' ? arrival - (1 + Math.floor(random() * 3)) * DAY : departure + Math.floor(random() * 3) * DAY;
      if (registration > end) continue;
      const year = new Date(registration).getUTCFullYear();
      const counterKey = `${port.office}/${year}`;
      const number = (counters.get(counterKey) ?? 0) + 1;
      counters.set(counterKey, number);
      vessel.voyages += 1;
      const containers = vessel.vesselType === 'Container ship' ? 80 + Math.floor(random() * 1400) : 0;
      manifests.push({
        registrationYear: year,
        registrationNumber: number,
        customsOfficeCode: port.office,
        customsOfficeName: port.officeName,
        voyageNumber: `${String(vessel.voyages).padStart(3, '0')}${flow === 'import' ? 'N' : 'S'}`,
        vesselName: vessel.vesselName,
        vesselImo: vessel.vesselImo,
        flow,
        placeOfDeparture: flow === 'import' ? foreign : port.locode,
        placeOfDepartureName: flow === 'import' ? foreignName : port.name,
        placeOfDestination: flow === 'import' ? port.locode : foreign,
        placeOfDestinationName: flow === 'import' ? port.name : foreignName,
        departureDate: isoDay(departure),
        arrivalDate: isoDay(arrival),
        registrationDate: isoDay(registration),
        billsOfLading: 1 + Math.floor(random() * (containers ? 220 : 12)),
        containers,
        grossMassKg: Math.round((containers ? containers * (9000 + random() * 12000) : 3000000 + random() * 40000000) / 10) * 10,
        sample: true,
      });
    }
  }
  return { manifests, vessels: vesselsOf(manifests, fleet, day), day };
}

/** Each vessel's status today from its latest voyage to or from a national port. */
function vesselsOf(
  manifests: Manifest[],
  fleet: Array<
    Omit<Vessel, 'status' | 'lastPort' | 'lastPortName' | 'nextPort' | 'nextPortName' | 'voyageNumber' | 'arrivalDate' | 'sample'>
  >,
  day: string,
): Vessel[] {
  const latest = new Map<string, Manifest>();
  for (const manifest of manifests) {
    const known = latest.get(manifest.vesselImo);
    if (!known || manifest.departureDate > known.departureDate) latest.set(manifest.vesselImo, manifest);
  }
  const vessels: Vessel[] = [];
  for (const ship of fleet) {
    const voyage = latest.get(ship.vesselImo);
    if (!voyage) continue;
    const hash = Number(ship.vesselImo) % 7;
    const status: VesselStatus =
      voyage.departureDate <= day && voyage.arrivalDate > day
        ? hash === 0
          ? 'Stopped'
          : 'Underway'
        : voyage.arrivalDate <= day && daysBetween(voyage.arrivalDate, day) <= 4
          ? 'Moored'
          : hash < 2
            ? 'Other'
            : voyage.arrivalDate > day
              ? 'Underway'
              : 'Moored';
    vessels.push({
      vesselName: ship.vesselName,
      vesselImo: ship.vesselImo,
      flag: ship.flag,
      vesselType: ship.vesselType,
      status,
      lastPort: voyage.placeOfDeparture,
      lastPortName: voyage.placeOfDepartureName,
      nextPort: voyage.placeOfDestination,
      nextPortName: voyage.placeOfDestinationName,
      voyageNumber: voyage.voyageNumber,
      arrivalDate: voyage.arrivalDate,
      sample: true,
    });
  }
  return vessels.sort((a, b) => b.arrivalDate.localeCompare(a.arrivalDate) || a.vesselName.localeCompare(b.vesselName));
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY);
}
