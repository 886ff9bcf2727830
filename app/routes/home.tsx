import { Link } from "react-router";
import { content } from "~/content";
import { getPage } from "~/content/pages";
import { Picture } from "~/components/layout/picture";
import { RegisterTrigger } from "~/components/registration/registration-context";
import { pageMeta } from "~/lib/seo";

export const meta = pageMeta;

export default function Home() {
  const page = getPage("/");
  return (
    <>
      <section className="home-hero" aria-labelledby="page-heading">
        <Picture image={content.images.bannerDefault} priority className="home-hero-img" alt="" />
        <div className="home-hero-text">
          <p className="home-hero-eyebrow">{content.project.address}</p>
          <p className="page-banner-title" aria-hidden="true">
            {page.banner.title}
          </p>
          {page.banner.slogans.map((line) => (
            <p key={line} className="page-banner-slogan">
              {line}
            </p>
          ))}
          <RegisterTrigger className="btn btn-primary home-hero-cta">
            관심고객 등록하기
          </RegisterTrigger>
        </div>
        <h1 id="page-heading" className="sr-only">
          {page.title}
        </h1>
        <p className="sr-only">{page.srDescription}</p>
      </section>
      <section className="home-premium" aria-labelledby="home-premium-heading">
        <h2 id="home-premium-heading" className="section-title">
          PREMIUM
        </h2>
        <ul className="premium-cards">
          {content.premiumCards.map((card, i) => (
            <li key={card.title} className="premium-card">
              <Picture image={card.image} sizes="(max-width: 900px) 100vw, 25vw" />
              <p className="premium-card-no">PREMIUM {String(i + 1).padStart(2, "0")}</p>
              <h3>{card.title}</h3>
              <p>{card.text1}</p>
              <p>{card.text2}</p>
              <Link to={card.link}>{card.linkText}</Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
