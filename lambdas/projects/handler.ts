import { ProjectCreate, ProjectListQuery } from '../../shared/schemas/marketplace';
import { requireCreator } from '../_lib/auth';
import { listPublishedProjects } from '../_lib/db/projects';
import { NotFound } from '../_lib/errors';
import { httpHandler, json, parseBody, parseQuery, pathParam } from '../_lib/http';
import { projectView, publishProject, requireProject } from '../_lib/marketplace';
// Every route signs or checks files: S3 loads in the cold start, not on the first request.
import '../_lib/aws/s3-objects';

/**
 * GET /api/projects (published catalogue, samples included, newest first; the web filters it with
 * shared/marketplace/filter), GET /api/projects/{id}, POST /api/projects (creators publish a product).
 */
export const handler = httpHandler(async (event) => {
  switch (event.routeKey) {
    case 'GET /api/projects': {
      const query = parseQuery(event, ProjectListQuery);
      const page = await listPublishedProjects(query.limit, query.cursor);
      return json(200, { items: await Promise.all(page.items.map(projectView)), cursor: page.cursor });
    }
    case 'GET /api/projects/{id}': {
      // A beat sold with an exclusive keeps its page, with status 'sold'.
      const project = await requireProject(pathParam(event, 'id'));
      return json(200, { project: await projectView(project) });
    }
    case 'POST /api/projects': {
      const caller = requireCreator(event);
      const input = parseBody(event, ProjectCreate);
      const project = await publishProject(caller, input);
      return json(201, { project: await projectView(project) });
    }
    default:
      throw new NotFound();
  }
});
