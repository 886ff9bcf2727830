// The press styles load only with these pages (not on every marketing page); the administrator's
// only for the administrator (handle.stylesheets).
import type { RouteHandle } from "~/root";
import "~/styles/press.css";
import adminStyles from "~/styles/admin.css?url";
import { data, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/press.detail";
import { PageBanner } from "~/components/layout/page-shell";
import { DeletePost } from "~/components/press/delete-post";
import { PressPicture } from "~/components/press/press-picture";
import { getAdminFor } from "~/auth/guards.server";
import { NO_STORE } from "~/lib/cache";
import { formatKoreanDateTime, formatKoreanDay } from "~/lib/korean-time";
import { formatViews, pressPage } from "~/press/press-pages";
import { largestPressPhoto } from "~/press/press-photo";
import { seoTags } from "~/lib/seo";
import { rootDataFrom, useSite } from "~/lib/site";
import { getPost, getPublished, recordView } from "~/press/posts.server";
import { VIEWS_PLACEHOLDER } from "~/press/rendered-pages.server";
import { isCountableView } from "~/press/views.server";
import { requirePressSite } from "../public/page-guard.server";

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
 * /{site}/press/{id}. A person's view adds one to the count in the same statement that reads it
 * (docs/decisions/008-press-view-count.md). A missing or not yet published post goes to the list;
 * the administrator also sees drafts and scheduled posts, marked.
 */

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const siteId = requirePressSite(request, params.site).id;
  const listPath = `/${params.site}/press`;
  // Rendered to be kept (server/rendered-cache.js): not counted here, each answer counts its view.
  const kept = context.viewsPlaceholder === true;
  const [admin, visible] = await Promise.all([
    getAdminFor(request, siteId, "press"),
    isCountableView(request) && !kept
      ? recordView(siteId, params.site, params.id)
      : getPublished(siteId, params.site, params.id),
  ]);
  let post = kept && visible ? { ...visible, views: VIEWS_PLACEHOLDER } : visible;
  if (!post && admin) {
    const any = await getPost(siteId, params.id);
    if (any?.site === params.site) post = any;
  }
  if (!post) throw redirect(listPath, { headers: { "Cache-Control": NO_STORE } });
  return data(
    { site: params.site, post, admin: Boolean(admin) },
    // Not stored anywhere: every view must reach the server to be counted.
    { headers: { "Cache-Control": NO_STORE } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE };
}

/**
 * Loaded again only when another post is opened: an action elsewhere on the page (the registration
 * popup) or a change of the hash is not a new view.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return false;
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { post, site: press } = loaderData;
  const { site, siteUrl } = rootDataFrom(matches);
  const path = `/${press}/press/${post.id}`;
  const photo = post.photo ? largestPressPhoto(post.photo) : null;
  const description = post.summary.replace(/\s+/g, " ").slice(0, 160);
  const published = post.publishedAt ?? post.updatedAt;
  return seoTags({
    site,
    siteUrl,
    path,
    title: post.title,
    description,
    type: "article",
    noindex: post.state !== "published",
    image: photo
      ? { path: photo.url, width: photo.width, height: photo.height, alt: post.title }
      : undefined,
    breadcrumb: [
      { title: "홈", url: "/" },
      { title: "보도자료", url: `/${press}/press` },
      { title: post.title, url: path },
    ],
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: post.title.slice(0, 110),
      description,
      datePublished: published,
      dateModified: post.updatedAt,
      mainEntityOfPage: `${siteUrl}${path}`,
      ...(photo ? { image: [`${siteUrl}${photo.url}`] } : {}),
      author: { "@type": "Organization", name: site.identity.name },
      publisher: { "@type": "Organization", name: site.identity.name },
      ...(post.sourceUrl ? { isBasedOn: post.sourceUrl } : {}),
    },
  });
};

/** What a screen reader hears after the title: which article this is and when it was published. */
function articleDescription(post: {
  title: string;
  publishedAt: string | null;
  pressDate: string;
}): string {
  const when = post.publishedAt
    ? `${formatKoreanDateTime(post.publishedAt)}에 게시된`
    : "아직 게시되지 않은";
  return `${when} 보도자료 「${post.title}」입니다. 보도일 ${formatKoreanDay(post.pressDate)}.`;
}

const STATE_LABEL = { draft: "임시저장", scheduled: "예약", published: "게시됨" } as const;

export default function PressDetail({ loaderData }: Route.ComponentProps) {
  const { site, post, admin } = loaderData;
  const complex = useSite();
  const listPath = `/${site}/press`;
  const paragraphs = post.body.split("\n").filter((line) => line.trim() !== "");
  return (
    <>
      <PageBanner page={pressPage(complex, site)} headingElsewhere />
      <div className="page-body press-page">
        <article
          className="press-article"
          aria-labelledby="page-heading"
          aria-describedby="page-description"
        >
          <header className="press-article-head">
            {post.state !== "published" ? (
              <p className={`press-state is-${post.state}`}>
                {STATE_LABEL[post.state]}
                {post.state === "scheduled" && post.publishedAt
                  ? ` · ${formatKoreanDateTime(post.publishedAt)} 게시 예정`
                  : " · 방문자에게 보이지 않습니다"}
              </p>
            ) : null}
            <h1 id="page-heading" className="press-article-title">
              {post.title}
            </h1>
            <p id="page-description" className="sr-only">
              {articleDescription(post)}
            </p>
            <dl className="press-article-meta">
              <div>
                <dt>작성자</dt>
                <dd>{complex.press.authorLabel}</dd>
              </div>
              <div>
                <dt>작성일</dt>
                <dd>
                  {post.publishedAt ? (
                    <time dateTime={post.publishedAt}>
                      {formatKoreanDateTime(post.publishedAt)}
                    </time>
                  ) : (
                    "게시 전"
                  )}
                </dd>
              </div>
              <div>
                <dt>조회수</dt>
                <dd data-testid="press-views">{formatViews(post.views)}</dd>
              </div>
              {post.sourceName ? (
                <div>
                  <dt>출처</dt>
                  <dd>
                    {post.sourceName} · 보도일 {formatKoreanDay(post.pressDate)}
                  </dd>
                </div>
              ) : (
                <div>
                  <dt>보도일</dt>
                  <dd>{formatKoreanDay(post.pressDate)}</dd>
                </div>
              )}
            </dl>
          </header>
          <p className="press-article-summary">{post.summary}</p>
          {post.photo ? (
            <figure className="press-article-photo">
              <PressPicture
                photo={post.photo}
                alt={post.title}
                sizes="(max-width: 900px) 100vw, 880px"
                priority
              />
            </figure>
          ) : null}
          <div className="press-article-body">
            {paragraphs.map((line, i) => (
              <p key={i}>{line}</p>
            ))}
          </div>
          {post.sourceUrl ? (
            <p className="press-article-source">
              <a href={post.sourceUrl} target="_blank" rel="noopener noreferrer nofollow">
                {post.sourceName ? `${post.sourceName} 원문 보기` : "원문 보기"}
                <span className="sr-only"> (새 창)</span>
              </a>
            </p>
          ) : null}
        </article>
        <div className="press-article-actions">
          <Link to={listPath} className="btn btn-outline">
            목록으로
          </Link>
          {admin ? (
            <div className="press-admin-actions">
              <Link to={`/admin/press/${post.id}`} className="btn btn-outline">
                수정
              </Link>
              <DeletePost id={post.id} title={post.title} redirectTo={listPath} />
            </div>
          ) : null}
        </div>
      </div>
    </>
  );
}
