import * as z from 'zod';
import {
  applyCoupon,
  COUPON_CODE,
  CouponInput,
  creditLine,
  OfferBuyerAction,
  OfferCreateRequest,
  OfferCreatorAction,
  TIER_IDS,
  TierId,
  type PublicLicences,
} from '../../shared/licensing/tiers';
import { defaultCreditLabel } from '../../shared/licensing/credit';
import { normalizeKey } from '../../shared/licensing/key-bpm';
import { deliveredKinds, type LicenceFilesAnswer } from '../../shared/licensing/delivery';
import { requireCaller, requireCreator, type Caller } from '../_lib/auth';
import { getClientOrder, getCreatorOrder } from '../_lib/db/orders';
import { getProject, type ProjectRecord } from '../_lib/db/projects';
import { issueCode } from '../../shared/errors';
import { BadRequest, Conflict, NotFound } from '../_lib/errors';
import { EDGE_CACHE } from '../../shared/edge-cache';
import { httpHandler, json, parseBody, pathParam, publicJson } from '../_lib/http';
import {
  buyerRespond,
  createOffer,
  creatorRespond,
  listBuyerOffers,
  listCreatorOffers,
} from '../_lib/licensing/offers';
import { tierAvailable } from '../_lib/licensing/availability';
import { CouponRejected } from '../_lib/licensing/errors';
import { checkLicenceFiles, parseLicenceSettings } from '../_lib/licensing/settings';
import { offeredTierIds, offeredTierSummary } from '../_lib/licensing/summary';
import {
  createCoupon,
  deactivateCoupon,
  getCoupon,
  getLicence,
  getLicenceSettings,
  listCoupons,
  listCreatorLicences,
  projectSaleState,
  putLicenceSettings,
  setProjectMusicalData,
  type LicenceRecord,
} from '../_lib/licensing/store';
import {
  DOWNLOAD_URL_SECONDS,
  headAudioBucketObject,
  isOwnKey,
  presignAudioBucketGet,
} from '../_lib/marketplace-files';
import { config } from '../_lib/config';

const OWN_PREFIXES = ['audio', 'stems', 'uploads'] as const;
/** The tempo range a creator may save (the message names it: BPM_OUT_OF_RANGE). */
const DETECTED_BPM = { min: 40, max: 250 } as const;

async function ownProject(caller: Caller, id: string): Promise<ProjectRecord> {
  const project = await getProject(id);
  // Another creator's beat is simply not found.
  if (!project || project.creator_id !== caller.sub) throw new NotFound('PROJECT_NOT_FOUND');
  return project;
}

/** The licence of an order the caller bought (buyer) or sold (seller). */
async function licenceOf(
  caller: Caller,
  orderId: string,
  as: 'buyer' | 'buyer-or-seller',
): Promise<{ licence: LicenceRecord; role: 'buyer' | 'seller' }> {
  const bought = await getClientOrder(caller.sub, orderId);
  const order = bought ?? (as === 'buyer-or-seller' ? await getCreatorOrder(caller.sub, orderId) : undefined);
  if (!order) throw new NotFound('LICENCE_NOT_FOUND');
  const licence = await getLicence(order.project_id, order.id);
  if (!licence) throw new NotFound('LICENCE_NOT_FOUND');
  return { licence, role: bought ? 'buyer' : 'seller' };
}

/** Sales listed in the Creator Hub with their agreement (the totals count every sale read). */
const CREATOR_SALES_LISTED = 500;

const CouponPreview = z.object({
  projectId: z.string().trim().min(1).max(100),
  tier: TierId,
  coupon: z
    .string({ message: issueCode('COUPON_CODE_REQUIRED') })
    .trim()
    .toUpperCase()
    .min(1, issueCode('COUPON_CODE_REQUIRED'))
    .max(32, issueCode('INVALID_COUPON')),
});

const AnalyseRequest = z.object({ key: z.string().trim().min(1).max(1024) });

const MusicalData = z.object({
  key: z
    .string()
    .trim()
    .max(20, issueCode('MUSICAL_KEY_INVALID'))
    .nullable()
    .refine((v) => v === null || normalizeKey(v) !== undefined, issueCode('MUSICAL_KEY_INVALID')),
  bpm: z
    .number({ message: issueCode('BPM_NOT_WHOLE') })
    .int(issueCode('BPM_NOT_WHOLE'))
    .min(DETECTED_BPM.min, issueCode('BPM_OUT_OF_RANGE'))
    .max(DETECTED_BPM.max, issueCode('BPM_OUT_OF_RANGE'))
    .optional(),
});

/**
 * Beat licences (issue 8): tiers and terms per beat, coupons, the licence checkout's coupon preview,
 * delivery of a bought licence's files, the agreement PDF, the Creator Hub's licence sales, and key/BPM
 * detection of an uploaded beat.
 */
export const handler = httpHandler(async (event) => {
  switch (event.routeKey) {
    case 'GET /api/projects/{id}/licences': {
      const project = await getProject(pathParam(event, 'id'));
      if (!project) throw new NotFound('PROJECT_NOT_FOUND');
      const [settings, sale] = await Promise.all([getLicenceSettings(project), projectSaleState(project.id)]);
      // The Exclusive lists stems only when the beat has them (multitracks, or AI stems of its WAV).
      const hasStems = tierAvailable('trackout', project, settings);
      const view: PublicLicences = {
        project_id: project.id,
        sold_exclusive: sale.soldExclusive,
        tiers: sale.soldExclusive
          ? []
          : offeredTierIds(project, settings).map((id) => ({
              id,
              price: settings.tiers[id].price,
              // Buyers read the credit line as they must write it: with the creator's name.
              terms: {
                ...settings.tiers[id].terms,
                credit_line: creditLine(settings.tiers[id].terms, project.creator_name),
              },
              credit: defaultCreditLabel(settings.tiers[id].terms.credit_line, project.creator_name),
              files: deliveredKinds(id, hasStems),
            })),
        ai_stems: settings.ai_stems && settings.stems_keys.length === 0,
        accepts_offers: settings.min_offer !== null && !sale.soldExclusive,
        min_offer: sale.soldExclusive ? null : settings.min_offer,
      };
      // The beat page's tiers: public, the same for everyone (a sale takes the Exclusive off within a minute).
      return publicJson(view, EDGE_CACHE.beat);
    }
    case 'GET /api/creator/projects/{id}/licences': {
      const caller = requireCreator(event);
      const project = await ownProject(caller, pathParam(event, 'id'));
      return json(200, { settings: await getLicenceSettings(project) });
    }
    case 'PUT /api/creator/projects/{id}/licences': {
      const caller = requireCreator(event);
      const project = await ownProject(caller, pathParam(event, 'id'));
      const input = parseLicenceSettings(event);
      await checkLicenceFiles(caller, input);
      if ((await projectSaleState(project.id)).soldExclusive) throw new Conflict('BEAT_SOLD');
      const settings = {
        ...input,
        project_id: project.id,
        creator_id: caller.sub,
        updated_at: new Date().toISOString(),
      };
      await putLicenceSettings(settings, offeredTierSummary(project, settings));
      return json(200, { settings });
    }
    case 'PUT /api/creator/projects/{id}/musical-data': {
      const caller = requireCreator(event);
      const project = await ownProject(caller, pathParam(event, 'id'));
      const input = parseBody(event, MusicalData);
      const key = input.key === null ? null : normalizeKey(input.key)!;
      await setProjectMusicalData(project.id, { key, bpm: input.bpm });
      return json(200, { key, bpm: input.bpm ?? project.bpm });
    }
    case 'GET /api/creator/coupons': {
      const caller = requireCreator(event);
      return json(200, { items: await listCoupons(caller.sub) });
    }
    case 'POST /api/creator/coupons': {
      const caller = requireCreator(event);
      const input = parseBody(event, CouponInput);
      if (input.expires_at && Date.parse(input.expires_at) <= Date.now())
        throw new BadRequest('COUPON_ALREADY_EXPIRED');
      if (!(await createCoupon(caller.sub, input, new Date().toISOString())))
        throw new Conflict('COUPON_EXISTS');
      return json(201, { coupon: await getCoupon(caller.sub, input.code) });
    }
    case 'DELETE /api/creator/coupons/{code}': {
      const caller = requireCreator(event);
      const code = pathParam(event, 'code').toUpperCase();
      if (!COUPON_CODE.test(code) || !(await deactivateCoupon(caller.sub, code)))
        throw new NotFound('COUPON_NOT_FOUND');
      return { statusCode: 204 };
    }
    case 'POST /api/licences/coupon-preview': {
      requireCaller(event);
      const input = parseBody(event, CouponPreview);
      const project = await getProject(input.projectId);
      if (!project) throw new NotFound('PROJECT_NOT_FOUND');
      const settings = await getLicenceSettings(project);
      const price = settings.tiers[input.tier].price;
      const coupon = await getCoupon(project.creator_id, input.coupon);
      // The same code and message as the checkout's refusal, so the app shows one text for both.
      if (!coupon) throw new CouponRejected('unknown');
      const check = applyCoupon(price, coupon, input.tier);
      if (!check.ok) throw new CouponRejected(check.reason);
      return json(200, { price, amount: check.amount, discount: check.discount, code: coupon.code });
    }
    case 'GET /api/licences/{orderId}/files':
    case 'POST /api/licences/{orderId}/stems': {
      // GET starts the stems job the first time; POST (the app's "try again") also restarts a failed one.
      const caller = requireCaller(event);
      const { licence } = await licenceOf(caller, pathParam(event, 'orderId'), 'buyer');
      const project = await getProject(licence.project_id);
      if (!project) throw new NotFound('PROJECT_NOT_FOUND');
      const settings = await getLicenceSettings(project);
      const retry = event.routeKey.startsWith('POST');
      // File delivery (S3, ZIP jobs) and the agreement PDF load only for their routes (chunks of their own).
      const { deliverLicence } = await import('../_lib/licensing/delivery');
      const delivered = await deliverLicence(licence, project, settings, { retry });
      const answer: LicenceFilesAnswer = { ...delivered, expiresInSeconds: DOWNLOAD_URL_SECONDS };
      return json(answer.status === 'preparing' ? 202 : 200, answer);
    }
    case 'GET /api/licences/{orderId}/agreement': {
      const caller = requireCaller(event);
      const { licence, role } = await licenceOf(caller, pathParam(event, 'orderId'), 'buyer-or-seller');
      const { ensureAgreement } = await import('../_lib/licensing/agreement');
      await ensureAgreement(licence);
      const url = await presignAudioBucketGet(
        licence.agreement_key,
        DOWNLOAD_URL_SECONDS,
        `licenca-${licence.order_id}.pdf`,
      );
      return json(200, { url, role, expiresInSeconds: DOWNLOAD_URL_SECONDS });
    }
    case 'GET /api/creator/licences': {
      const caller = requireCreator(event);
      const [licences, coupons] = await Promise.all([
        listCreatorLicences(caller.sub),
        listCoupons(caller.sub),
      ]);
      const byTier = Object.fromEntries(
        TIER_IDS.map((tier) => {
          const sold = licences.filter((l) => l.tier === tier);
          return [
            tier,
            { count: sold.length, revenue: Math.round(sold.reduce((s, l) => s + l.amount, 0) * 100) / 100 },
          ];
        }),
      );
      const couponUse = coupons.map((c) => {
        const paid = licences.filter((l) => l.coupon === c.code);
        return {
          code: c.code,
          kind: c.kind,
          value: c.value,
          active: c.active,
          expires_at: c.expires_at,
          max_uses: c.max_uses,
          reserved_uses: c.uses,
          redemptions: paid.length,
          discount_total: Math.round(paid.reduce((s, l) => s + (l.list_price - l.amount), 0) * 100) / 100,
        };
      });
      // Every sale's agreement must stay downloadable: the newest CREATOR_SALES_LISTED, lean lines only.
      const recent = licences.slice(0, CREATOR_SALES_LISTED).map((l) => ({
        order_id: l.order_id,
        project_title: l.project_title,
        tier: l.tier,
        amount: l.amount,
        created_at: l.created_at,
        coupon: l.coupon,
      }));
      return json(200, { byTier, coupons: couponUse, recent, total_sales: licences.length });
    }
    case 'POST /api/licences/analyse': {
      const caller = requireCaller(event);
      const { key } = parseBody(event, AnalyseRequest);
      if (!isOwnKey(key, caller.sub, OWN_PREFIXES)) throw new NotFound('FILE_NOT_FOUND');
      const head = await headAudioBucketObject(key);
      if (!head) throw new NotFound('FILE_NOT_FOUND');
      // Any format the platform decodes, read only as far as the analysis needs; the decoders and the
      // tempo/key detectors load only for this route (chunks of their own).
      const [{ decodeStoredAudio }, { detectBeat }] = await Promise.all([
        import('../_lib/analysis/stored-audio'),
        import('../_lib/licensing/detect'),
      ]);
      const decoded = await decodeStoredAudio(config.AUDIO_BUCKET, key, key.split('/').pop() ?? key);
      return json(200, detectBeat(decoded.audio, decoded.durationSeconds));
    }
    case 'POST /api/offers': {
      const caller = requireCaller(event);
      return json(201, { offer: await createOffer(caller, parseBody(event, OfferCreateRequest)) });
    }
    case 'GET /api/me/offers': {
      const caller = requireCaller(event);
      return json(200, { items: await listBuyerOffers(caller.sub) });
    }
    case 'POST /api/offers/{id}/respond': {
      const caller = requireCaller(event);
      const { action } = parseBody(event, OfferBuyerAction);
      return json(200, { offer: await buyerRespond(caller.sub, pathParam(event, 'id'), action) });
    }
    case 'GET /api/creator/offers': {
      const caller = requireCreator(event);
      return json(200, { items: await listCreatorOffers(caller.sub) });
    }
    case 'POST /api/creator/offers/{id}': {
      const caller = requireCreator(event);
      const action = parseBody(event, OfferCreatorAction);
      return json(200, { offer: await creatorRespond(caller.sub, pathParam(event, 'id'), action) });
    }
    default:
      throw new NotFound();
  }
});
