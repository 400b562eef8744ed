/** What the manifest service answers (services/src/manifest/), as the portal reads it. */

export const VESSEL_STATUSES = ['Underway', 'Moored', 'Stopped', 'Other'] as const;
export type VesselStatus = (typeof VESSEL_STATUSES)[number];

/** A manifest as the service lists it (sample feed in the embedded default: `sample` is true). */
export interface Manifest {
  registrationYear: number;
  registrationNumber: number;
  customsOfficeCode: string;
  customsOfficeName: string;
  voyageNumber: string;
  vesselName: string;
  vesselImo: string;
  flow: 'import' | 'export';
  placeOfDeparture: string;
  placeOfDepartureName: string;
  placeOfDestination: string;
  placeOfDestinationName: string;
  departureDate: string;
  arrivalDate: string;
  registrationDate: string;
  billsOfLading: number;
  containers: number;
  grossMassKg: number;
  sample: boolean;
}

export interface Vessel {
  vesselName: string;
  vesselImo: string;
  flag: string;
  vesselType: string;
  status: VesselStatus;
  lastPort: string;
  lastPortName: string;
  nextPort: string;
  nextPortName: string;
  /** Latest voyage: its arrival (past or expected) at the national port. */
  voyageNumber: string;
  arrivalDate: string;
  sample: boolean;
}
