import formbody from '@fastify/formbody';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { escapeHtml, layout, messagePage, type PageContext } from '../../identity/pages';
import { pageMessages } from './messages';
import { finishSimulatedIdentification } from './service';
import { peekToken } from './tokens';

const hide = { hide: true } as Record<string, unknown>;

/**
 * The simulated identification service of the embedded default: a German page where the person
 * completes or aborts the identification, which sets the status and returns to the portal.
 */
export const identificationSimulationRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const db = app.db;
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    await app.register(formbody);
  }
  const authPath = new URL(config.auth.url).pathname.replace(/\/+$/, '');
  const pages: PageContext = {
    resourcesPath: `${authPath}/resources`,
    publicUrl: config.publicUrl,
  };
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .send(html);
  const invalid = (reply: FastifyReply) =>
    send(
      reply,
      400,
      messagePage(pages, {
        title: pageMessages.linkInvalidTitle,
        message: pageMessages.linkInvalid,
        role: 'alert',
      }),
    );
  const params = z.object({ transaction: z.string().min(1).max(200) });

  app.get(
    '/multiconnect/simulation/:transaction',
    { config: { public: true }, schema: { ...hide, params } },
    async (request, reply) => {
      const { transaction } = request.params;
      if (!(await peekToken(db, transaction, ['IDENTIFICATION']))) return invalid(reply);
      const action = escapeHtml(
        `${config.publicUrl}/api/multiconnect/simulation/${encodeURIComponent(transaction)}`,
      );
      return send(
        reply,
        200,
        layout(pages, {
          title: pageMessages.identTitle,
          body: `<h1>${pageMessages.identTitle}</h1>
<p class="intro">${pageMessages.identIntro}</p>
<form method="post" action="${action}" class="form">
<button type="submit" name="outcome" value="complete" class="button">${pageMessages.identComplete}</button>
<button type="submit" name="outcome" value="abort" class="button button-secondary">${pageMessages.identAbort}</button>
</form>`,
        }),
      );
    },
  );

  app.post(
    '/multiconnect/simulation/:transaction',
    {
      config: { public: true },
      schema: {
        ...hide,
        params,
        body: z.object({ outcome: z.enum(['complete', 'abort']) }),
      },
    },
    async (request, reply) => {
      const done = await finishSimulatedIdentification(
        db,
        request.params.transaction,
        request.body.outcome,
      );
      if (!done) return invalid(reply);
      return reply.code(303).redirect(`${config.publicUrl}/identification`);
    },
  );
};
