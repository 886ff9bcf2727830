import { PageShell } from "~/components/layout/page-shell";
import { phoneLink } from "~/lib/source-phone";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site";

export { pageLoader as loader } from "./page-guard.server";
export const meta = pageMeta;

function koreanDate(iso: string) {
  const [y, m, d] = iso.split("-").map(Number);
  return `${y}년 ${m}월 ${d}일`;
}

/** 개인정보처리방침, built from the complex's `privacy` (what the lead forms collect and why). */
export default function Privacy() {
  const site = useSite();
  const { privacy: p, business, contact, project } = site;
  const sections = [
    {
      title: "수집하는 개인정보 항목",
      body: (
        <ul>
          <li>필수: {p.items}</li>
          <li>선택: 문자(SMS) 분양정보 수신 동의 여부</li>
          <li>자동 수집: {p.autoCollected}</li>
        </ul>
      ),
    },
    {
      title: "수집·이용 목적",
      body: (
        <ul>
          <li>{p.purpose}</li>
          <li>수신에 동의하신 분께 분양 소식과 잔여세대 정보 문자(SMS) 발송</li>
          <li>{site.legal.smsNotice}</li>
        </ul>
      ),
    },
    {
      title: "보유 및 이용 기간",
      body: (
        <p>
          수집일로부터 {p.retentionDays.toLocaleString("ko-KR")}일 동안 보유하며, 기간이 지나거나
          목적을 달성하면 지체 없이 파기합니다. 다른 법령이 보존을 요구하는 경우에는 그 기간 동안
          보관합니다.
        </p>
      ),
    },
    {
      title: "파기 절차 및 방법",
      body: (
        <ul>
          {p.destruction.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
    { title: "제3자 제공", body: <p>{p.thirdParty}</p> },
    {
      title: "개인정보 처리의 위탁",
      body: (
        <>
          <p>원활한 상담과 안내를 위해 다음과 같이 개인정보 처리 업무를 위탁합니다.</p>
          <div className="privacy-table-wrap">
            <table className="privacy-table">
              <caption className="sr-only">개인정보 처리 위탁 현황</caption>
              <thead>
                <tr>
                  <th scope="col">수탁자</th>
                  <th scope="col">위탁 업무</th>
                </tr>
              </thead>
              <tbody>
                {p.processors.map((row) => (
                  <tr key={row.name}>
                    <td>{row.name}</td>
                    <td>{row.task}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ),
    },
    {
      title: "동의를 거부할 권리",
      body: <p>{p.refusal}</p>,
    },
    {
      title: "정보주체의 권리와 행사 방법",
      body: (
        <>
          <ul>
            {p.rights.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="privacy-contact">
            삭제·열람 요청 및 문의: 대표번호 <a {...phoneLink(contact.phone)}>{contact.phone}</a> (
            {contact.hours})
            <br />
            문자 수신 거부: {p.optOutNumber}
          </p>
        </>
      ),
    },
    {
      title: "안전성 확보 조치",
      body: (
        <ul>
          {p.safeguards.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
    {
      title: "개인정보 보호책임자",
      body: (
        <ul>
          <li>{p.controller}</li>
          <li>
            {business.name} · 대표 {business.representative} · {business.address}
          </li>
          <li>
            연락처 <a {...phoneLink(contact.phone)}>{contact.phone}</a>
          </li>
        </ul>
      ),
    },
  ];

  return (
    <PageShell>
      <article className="privacy" aria-labelledby="privacy-heading">
        <h2 id="privacy-heading" className="privacy-title">
          {project.siteName} 개인정보처리방침
        </h2>
        <p className="privacy-intro">
          {business.name}(이하 &lsquo;회사&rsquo;)는 분양 홈페이지에서 방문예약과 상담 신청을 받으며
          「개인정보 보호법」에 따라 정보주체의 개인정보를 보호하고 관련 고충을 신속하게 처리하기
          위하여 다음과 같이 개인정보처리방침을 수립·공개합니다.
        </p>
        <nav className="privacy-toc" aria-label="목차">
          <ol>
            {sections.map((s, i) => (
              <li key={s.title}>
                <a href={`#privacy-${i + 1}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s, i) => (
          <section key={s.title} id={`privacy-${i + 1}`} className="privacy-section">
            <h3>
              {i + 1}. {s.title}
            </h3>
            {s.body}
          </section>
        ))}
        <footer className="privacy-meta">
          <p>시행일: {koreanDate(p.effectiveDate)}</p>
          <p>동의서 버전: {p.consentVersion}</p>
        </footer>
      </article>
    </PageShell>
  );
}
