// The press styles load only with these pages (not on every marketing page); the administrator's
// only for the administrator (handle.stylesheets).
import type { RouteHandle } from "~/root";
import "~/styles/press.css";
import adminStyles from "~/styles/admin.css?url";
import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import { FormMessage } from "~/components/admin/form-message";
import type { Route } from "./+types/press.list";
import { PageBanner, SectionMenu } from "~/components/layout/page-shell";
import { AdminWelcome, SignInForm } from "~/components/admin/sign-in-form";
import { PressTable, type PressListPage } from "~/components/press/press-table";
import { PressWriteForm } from "~/components/press/press-write-form";
import { NO_STORE, REVALIDATE } from "~/lib/cache";
import { kstDate } from "~/lib/korean-time";
import { EMPTY_PRESS_FORM, postedMessage } from "~/press/press-form";
import { pressPage } from "~/press/press-pages";
import { seoTags } from "~/lib/seo";
import { rootDataFrom, useSite } from "~/lib/site";
import { getAdmin, refuseCrossSite, requireArea } from "~/auth/guards.server";
import { mayUse } from "~/auth/access.server";
import { signIn } from "~/auth/sign-in.server";
import { decodeCursor, getPost, listPublished } from "~/press/posts.server";
import { field, readForm } from "~/http/form.server";
import { clientIp } from "~/http/client-ip.server";
import { requirePressSite } from "../public/page-guard.server";
import { createSubmitted, noStore, unreadable } from "./press-action.server";

const signedIn = (loaderData: unknown) =>
  Boolean((loaderData as { admin?: unknown } | undefined)?.admin);

/**
 * Hydrated, and styled with the administrator's stylesheet, only for the signed-in administrator,
 * who writes and edits here (docs/decisions/014); a visitor loads neither.
 */
export const handle: RouteHandle = {
  hydrate: signedIn,
  stylesheets: (loaderData) => (signedIn(loaderData) ? [adminStyles] : []),
};

/*
 * /{site}/press: the list (10 per page, "더보기" continues after the last row), and below it the
 * sign-in form, or for the administrator the welcome line, sign-out and, for a role that writes the
 * complex's press (access.server.ts), the write form.
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const siteId = requirePressSite(request, params.site).id;
  const url = new URL(request.url);
  const admin = await getAdmin(request, siteId);
  const result = await listPublished(siteId, params.site, {
    after: decodeCursor(url.searchParams.get("after")),
  });
  const page: PressListPage = {
    ...result,
    posts: result.posts.map((p) => ({
      id: p.id,
      title: p.title,
      publishedAt: p.publishedAt!,
      views: p.views,
      photo: p.photo,
    })),
  };
  // After the administrator posts: say what became of it (a draft or a scheduled post is not listed).
  const writes = admin !== null && mayUse(admin, siteId, "press");
  const postedId = writes ? url.searchParams.get("posted") : null;
  const posted = postedId ? await getPost(siteId, postedId) : undefined;
  return data(
    {
      site: params.site,
      page,
      admin: admin ? { email: admin.email, writes } : null,
      posted: posted
        ? { id: posted.id, state: posted.state, publishedAt: posted.publishedAt }
        : null,
      today: kstDate(),
    },
    { headers: { "Cache-Control": admin ? NO_STORE : REVALIDATE, Vary: "Cookie" } },
  );
}

type SignInAnswer = { ok: false; intent: "signin"; formError: string; email: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const siteId = requirePressSite(request, params.site).id;
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const read = await readForm(request);
  if (!read.ok) return unreadable(read.reason, "create");
  const form = read.form;
  const listPath = `/${params.site}/press`;

  if (field(form, "intent") === "signin") {
    const result = await signIn(
      siteId,
      { email: form.get("email"), password: form.get("password") },
      { ip: clientIp(request, context), userAgent: request.headers.get("user-agent") ?? undefined },
    );
    if (result.ok)
      return redirect(listPath, { headers: { "Set-Cookie": result.setCookie, ...noStore } });
    return data<SignInAnswer>(
      { ok: false, intent: "signin", formError: result.message, email: field(form, "email") },
      {
        status: result.status,
        headers: {
          ...noStore,
          ...(result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {}),
        },
      },
    );
  }

  const admin = await requireArea(request, siteId, "press");
  const created = await createSubmitted(form, { siteId, site: params.site }, admin.adminId);
  if (!created.ok) return created.answer;
  return redirect(`${listPath}?posted=${created.id}`, { headers: noStore });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Vary", "Retry-After"]) {
    const value = actionHeaders.get(name) ?? loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

/** An action of another route (the registration popup) does not reload the list and lose its pages. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formAction,
  currentUrl,
  defaultShouldRevalidate,
}) => {
  if (
    formAction &&
    new URL(formAction, currentUrl).pathname !== currentUrl.pathname &&
    !formAction.startsWith("/admin/")
  )
    return false;
  return defaultShouldRevalidate;
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { site, siteUrl } = rootDataFrom(matches);
  const page = pressPage(site, loaderData.site);
  return [
    ...seoTags({
      site,
      siteUrl,
      path: page.path,
      title: page.title,
      description: page.description,
      // Paged addresses (?after=…) are the same list: one canonical address, not indexed on their own.
      noindex: loaderData.page.before > 0,
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${page.title} RSS`,
      href: `${siteUrl}${page.path}/rss.xml`,
    },
  ];
};

export default function PressList({ loaderData, actionData }: Route.ComponentProps) {
  const { site, page, admin, posted, today } = loaderData;
  const banner = pressPage(useSite(), site);
  const listPath = `/${site}/press`;
  const signInError =
    actionData && "intent" in actionData && actionData.intent === "signin" ? actionData : null;
  const writeAnswer =
    actionData && "intent" in actionData && actionData.intent === "create" ? actionData : null;
  const refused = actionData && "refused" in actionData ? actionData.formError : undefined;
  return (
    <>
      <PageBanner page={banner} />
      <SectionMenu section={banner.section} />
      <div className="page-body press-page">
        <PressTable key={site} site={site} page={page} />
        <FormMessage tone="ok" className="press-posted">
          {posted ? (
            <>
              {postedMessage(posted)}{" "}
              {posted.state !== "published" ? <a href="/admin/press">관리 화면에서 보기</a> : null}
            </>
          ) : null}
        </FormMessage>
        <FormMessage tone="error">{refused}</FormMessage>
        {admin ? (
          <div className="press-admin">
            <AdminWelcome email={admin.email} redirectTo={listPath} />
            {admin.writes ? (
              <PressWriteForm
                // A new, empty form once a post is saved (the address then names it).
                key={posted?.id ?? "new"}
                action={listPath}
                intent="create"
                heading="보도자료 쓰기"
                submitLabel="등록"
                initial={
                  writeAnswer ? writeAnswer.values : { ...EMPTY_PRESS_FORM, pressDate: today }
                }
                errors={writeAnswer?.errors}
                formError={writeAnswer?.formError}
                footer={
                  <a href="/admin/press" className="admin-link">
                    보도자료 관리
                  </a>
                }
              />
            ) : null}
          </div>
        ) : (
          <SignInForm action={listPath} error={signInError?.formError} email={signInError?.email} />
        )}
      </div>
    </>
  );
}
