import { EDGE_CACHE } from '../../shared/edge-cache';
import {
  CatalogueQueryParams,
  CreatorDirectoryQuery,
  catalogueQueryFrom,
} from '../../shared/schemas/catalogue';
import { ProjectCreate } from '../../shared/schemas/marketplace';
import { requireCreator } from '../_lib/auth';
import { findCreators } from '../_lib/catalogue/creator-directory';
import { searchCatalogue } from '../_lib/catalogue/search';
import { NotFound } from '../_lib/errors';
import { headerText, httpHandler, json, parseBody, parseQuery, pathParam, publicJson } from '../_lib/http';
import { playLink, projectView, publishProject, requireProject } from '../_lib/marketplace';
// Every route signs or checks files: S3 loads in the cold start, not on the first request.
import '../_lib/aws/s3-objects';

/**
 * The catalogue (issue 16): GET /api/projects searches, filters, sorts and pages the published beats on
 * the server; GET /api/projects/{id} is a beat's public page; both are public answers the edge keeps.
 * GET /api/projects/{id}/audio is a short-lived play link (never cached); GET /api/catalogue/creators
 * finds creators by name for the creator filter; POST /api/projects publishes a creator's product.
 */
export const handler = httpHandler(async (event) => {
  switch (event.routeKey) {
    case 'GET /api/projects': {
      const started = performance.now();
      const { page, diagnostics } = await searchCatalogue(
        catalogueQueryFrom(parseQuery(event, CatalogueQueryParams)),
      );
      const ms = (performance.now() - started).toFixed(1);
      return publicJson(page, EDGE_CACHE.catalogue, {
        // How the page was read: server time, DynamoDB items read and queries (tests/bench/catalogue).
        'server-timing': `search;dur=${ms};desc="${headerText(diagnostics.plan)}", reads;desc="${diagnostics.reads}", queries;desc="${diagnostics.queries}"`,
      });
    }
    case 'GET /api/projects/{id}': {
      // A beat sold with an exclusive keeps its page, with status 'sold'.
      const project = await requireProject(pathParam(event, 'id'));
      return publicJson({ project: projectView(project) }, EDGE_CACHE.beat);
    }
    case 'GET /api/projects/{id}/audio': {
      const project = await requireProject(pathParam(event, 'id'));
      return json(200, await playLink(project));
    }
    case 'GET /api/catalogue/creators': {
      const { q } = parseQuery(event, CreatorDirectoryQuery);
      return publicJson({ items: await findCreators(q ?? '') }, EDGE_CACHE.creator);
    }
    case 'POST /api/projects': {
      const caller = requireCreator(event);
      const input = parseBody(event, ProjectCreate);
      const project = await publishProject(caller, input);
      return json(201, { project: projectView(project) });
    }
    default:
      throw new NotFound();
  }
});
