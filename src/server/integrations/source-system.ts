/**
 * The source system (CRM) as the product's services see it. The AlayaCare adapter implements it over HTTP, and
 * the same adapter talks to the built-in simulator for the demo account. Every failure is thrown as an ApiError
 * with code 7 whose message names the CRM operation and the reason, e.g.
 * "The CRM could not list clients: it answered 503 Service Unavailable."
 */
import { ErrorCode, type Meta, type SourceFailureKind } from '../../contracts/envelope';
import { ApiError } from '../http/errors';

/** A CRM call that failed, with why (meta.source_failure), so a screen can tell a CRM that is down from a refusal. */
export class SourceFailure extends ApiError {
  constructor(
    message: string,
    readonly kind: SourceFailureKind,
  ) {
    super(ErrorCode.sourceSystem, message);
  }

  override toMeta(): Meta {
    return { ...super.toMeta(), source_failure: this.kind };
  }
}

/**
 * The CRM answered and refused the request (a 4xx such as "Visit is locked and cannot be changed"): the write was
 * not applied, and sending it again unchanged will not help. Every other failure of a write (no answer, a timeout,
 * a 5xx, an answer of the wrong shape) leaves its outcome unknown.
 */
export class SourceRefusal extends SourceFailure {
  constructor(
    message: string,
    /** The CRM's HTTP status (400, 401, 404 ...). */
    readonly sourceStatus: number,
  ) {
    super(message, sourceStatus === 401 || sourceStatus === 403 ? 'refused_login' : 'bad_answer');
  }
}

export type SourceClientStatus = 'active' | 'on_hold' | 'discharged' | 'pending' | 'waiting_list' | 'other';

/** A client as the CRM keeps it: only the fields the CRM maintains (docs/architecture.md, "The CRM"). */
export type SourceClient = {
  /** The CRM's own id (AlayaCare id), as a string. */
  sourceId: string;
  /** The service's external id of the client (AlayaCare external id); may be empty. */
  externalId: string;
  name: string;
  /** Link to the client's page in the CRM. */
  url: string;
  status: SourceClientStatus;
  phone: string;
  /** Street part, comma separated where it has several parts ("Unit 2, 14 Smith Street"). */
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number | null;
  longitude: number | null;
  tags: string[];
  /** What the CRM's profile says of the person, for the funder profile; absent when the CRM keeps none. */
  person?: SourcePerson;
};

/** A client's person details in the CRM's terms made neutral: null where the CRM does not say. */
export type SourcePerson = {
  gender: 'male' | 'female' | 'other' | null;
  /** YYYY-MM-DD. */
  birthDate: string | null;
  /** An ISO 639 language code, e.g. 'en', 'zh', 'yue'. */
  language: string | null;
};

/** A contact of a client as the CRM keeps it (AlayaCare: the client's enabled contacts). */
export type SourceContact = {
  /** The CRM's own id of the contact. */
  sourceId: string;
  name: string;
  relationship: string;
  /** As the CRM holds it (any format, or ''): the product reads it into E.164. */
  phone: string;
  email: string;
  isEmergency: boolean;
};

export type SourceVisitStatus = 'scheduled' | 'completed' | 'cancelled' | 'other';

export type SourceVisit = {
  sourceId: string;
  clientSourceId: string;
  /** ISO 8601 with offset, e.g. 2026-11-23T10:30:00+11:00. */
  start: string;
  end: string;
  status: SourceVisitStatus;
  serviceCodeId: string;
  tags: string[];
  /** Why a cancelled visit was cancelled, as the CRM words it; '' when not cancelled or not said. */
  cancelReason: string;
};

export type SourceServiceCode = { id: string; name: string };

export type SourcePremium = { id: string; name: string; code: string };

export type VisitPremium = { premiumId: string; quantity: number };

/** The CRM's answer for one visit of a lock (complete) request; 207 partial success gives some refusals. */
export type VisitLockResult = { visitSourceId: string; isLocked: boolean; message: string };

export type SourceSystem = {
  /** Every client carrying the tag, across all pages. */
  listClientsByTag: (tag: string) => Promise<SourceClient[]>;
  /** The client's contacts in the CRM's order, across all pages (AlayaCare: disabled contacts left out). */
  listClientContacts: (clientSourceId: string) => Promise<SourceContact[]>;
  listClientTags: () => Promise<string[]>;
  listVisitTags: () => Promise<string[]>;
  listServiceCodes: () => Promise<SourceServiceCode[]>;
  listPremiums: () => Promise<SourcePremium[]>;
  /** Visits of these clients from `fromDate` to `toDate` (YYYY-MM-DD, both included), across all pages. */
  listVisits: (query: {
    clientSourceIds: string[];
    fromDate: string;
    toDate: string;
    tag?: string;
  }) => Promise<SourceVisit[]>;
  /** One visit as the CRM has it now, or null when the CRM has no such visit (reading back a write). */
  getVisit: (visitSourceId: string) => Promise<SourceVisit | null>;
  /**
   * Sets a visit's start and end (ISO 8601 with offset). Never retried. Done only when the CRM answers the visit
   * with those times; a SourceRefusal when it refused; any other error leaves the outcome unknown.
   */
  updateVisitTimes: (visitSourceId: string, times: { start: string; end: string }) => Promise<void>;
  /** Locks (completes) visits; answers one result per visit. Never retried. */
  lockVisits: (visitSourceIds: string[]) => Promise<VisitLockResult[]>;
  /**
   * Replaces the visit's premiums with these (quantity 0 removes one). Only the premiums listed are touched: a
   * premium the visit carries that is not listed (e.g. mileage entered in the CRM) is left alone, so pass 0 for each
   * meal premium the visit should no longer carry. Same premium twice: the quantities add up. Reads what the visit
   * has, then writes only the differences, one by one; the writes are never retried.
   */
  setVisitPremiums: (visitSourceId: string, premiums: VisitPremium[]) => Promise<void>;
  /**
   * Adds a note to the visit (AlayaCare: at most 1000 characters). Never retried. Done only when the CRM answers
   * the visit; a SourceRefusal when it refused; any other error leaves the outcome unknown.
   */
  addVisitNote: (visitSourceId: string, text: string) => Promise<void>;
  /** The texts of the visit's notes, or null when the CRM has no such visit (reading a note back). */
  listVisitNotes: (visitSourceId: string) => Promise<string[] | null>;
  /** The CRM's cancel codes (Settings > CMS Integration picks the one client holds use). */
  listCancelCodes: () => Promise<SourceCancelCode[]>;
  /**
   * Cancels a visit with this cancel code, or restores it (`isCancelled` false, no code). Never retried. Done only
   * when the CRM answers the visit so; a SourceRefusal when it refused; any other error leaves the outcome unknown.
   */
  setVisitCancelled: (
    visitSourceId: string,
    change: { isCancelled: boolean; cancelCodeId: string | null },
  ) => Promise<void>;
};

/** A CRM cancel code: its id, short code and description. */
export type SourceCancelCode = { id: string; code: string; description: string };

export type SourceConnection = { baseUrl: string; username: string; password: string };
