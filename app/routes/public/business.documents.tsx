import { ComingSoon, PageShell } from "~/components/layout/page-shell";
import { InfoSection } from "~/components/info/info-blocks";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

export default function BusinessDocuments() {
  const site = useSite();
  const documents = site.infoPages.documents;
  return (
    <PageShell>
      <InfoSection id="documents-title" title={documents.heading} intro={documents.intro}>
        {documents.groups.length > 0 && (
          <ol className="doc-groups">
            {documents.groups.map((group, i) => (
              <li
                key={group.title}
                className="doc-group reveal"
                style={{ animationDelay: `${100 + i * 100}ms` }}
              >
                <p className="doc-group-no" aria-hidden="true">
                  {String(i + 1).padStart(2, "0")}
                </p>
                <h3>{group.title}</h3>
                <ul>
                  {group.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </InfoSection>
      <div className="info-coming">
        <ComingSoon>{documents.comingSoon}</ComingSoon>
      </div>
    </PageShell>
  );
}
