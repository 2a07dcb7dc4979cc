-- The catalogue tables' first rows (services, packages, team, stats, site content), for every
-- database: Netlify Database applies this file at its first deploy as it applies every migration,
-- the project's migrator does everywhere else, and nothing else seeds them. Each table is filled
-- only while seeded_tables does not list it and it is empty, then all are listed, so a table the
-- admin empties stays empty and a site seeded before this file existed is left as it is. Frozen
-- like every landed migration (Netlify keeps each applied file's checksum): later changes to these
-- rows go through /admin or a migration with the next number (docs/decisions/0031).

insert into services (title, description, icon, features, sort_order)
select * from (values
  ('Marketing Consulting', 'Independent, senior advice on where to compete and how to win, turned into a practical plan with owners, budgets and measures.', 'compass', array['Market and competitor analysis', 'Customer segmentation and insight', 'Go-to-market and growth strategy', 'Marketing plans, budgets and KPIs']::text[], 0),
  ('Brand Strategy & Design', 'A clear position and a distinctive identity that make your value obvious and your business memorable.', 'sparkle', array['Brand positioning and architecture', 'Messaging and tone of voice', 'Visual identity and guidelines', 'Brand launch and internal adoption']::text[], 1),
  ('Web Development & SEO', 'Fast, accessible websites designed around conversion, with technical and content SEO that builds organic demand.', 'globe', array['Website strategy and UX design', 'Development on modern, fast platforms', 'Technical and on-page SEO', 'Analytics and conversion tracking']::text[], 2),
  ('Content Development', 'Content that earns attention and moves buyers forward, planned around real questions and produced to a high standard.', 'pen', array['Content strategy and editorial calendars', 'Thought leadership and white papers', 'Case studies and sales enablement', 'Video and social content']::text[], 3),
  ('Communications & PR', 'Stories and relationships that build credibility with media, partners, investors and your own people.', 'megaphone', array['Media relations and press releases', 'Executive profiling and speaking', 'Issues and crisis communications', 'Internal and stakeholder communications']::text[], 4),
  ('Promotion & Channel Management', 'The right mix of paid, owned, earned and partner channels, managed against targets and optimised continuously.', 'chart', array['Paid search and paid social', 'Email and marketing automation', 'Partner and channel marketing', 'Campaign reporting and optimisation']::text[], 5),
  ('Fractional CMO Services', 'Executive marketing leadership without the full-time cost: strategy, team leadership and accountability at board level.', 'user', array['Marketing leadership on a part-time basis', 'Team structure, hiring and coaching', 'Agency and vendor management', 'Board and investor reporting']::text[], 6)
) as seed (title, description, icon, features, sort_order)
where not exists (select 1 from seeded_tables where name = 'services')
  and not exists (select 1 from services);

insert into packages (name, price, period, description, features, button_text, button_variant, is_popular, sort_order)
select * from (values
  ('Foundation', 'From $1,500 to $5,500', '3–4 weeks', 'For new ventures and teams that need a sharp strategy and the essentials in place before investing in growth.', array['Marketing audit and opportunity review', 'Customer and competitor snapshot', 'Positioning and key messages', '90-day marketing action plan']::text[], 'Get Started', 'secondary', false, 0),
  ('Activation', '$120/hour', '4–6 weeks, or retainer', 'For businesses ready to put a strategy to work across brand, web and campaigns, with senior hands on delivery.', array['Everything in Foundation', 'Brand and website refresh', 'Campaign and channel set-up', 'Monthly performance reporting']::text[], 'Start Growing', 'primary', true, 1),
  ('Momentum', '$120/hour', '6–8 weeks, or retainer', 'For growing teams that want always-on marketing: content, PR and performance channels, managed and optimised.', array['Content and PR program', 'Paid and owned channel management', 'Conversion and SEO optimisation', 'Fortnightly strategy sessions']::text[], 'Build Momentum', 'secondary', false, 2),
  ('Scale & Optimise', '$150/hour', 'On retainer', 'For scale-ups and enterprises that need executive marketing leadership and a partner accountable for results.', array['Fractional CMO leadership', 'Team, agency and vendor management', 'Marketing operations and analytics', 'Board and investor reporting']::text[], 'Contact Sales', 'secondary', false, 3)
) as seed (name, price, period, description, features, button_text, button_variant, is_popular, sort_order)
where not exists (select 1 from seeded_tables where name = 'packages')
  and not exists (select 1 from packages);

insert into team_members (name, role, bio, sort_order)
select * from (values
  ('Alexandra Reid', 'Founder & Principal Strategist', 'Two decades leading marketing for technology and professional-services firms across Asia-Pacific, including regional CMO roles. Leads our strategy and fractional CMO engagements.', 0),
  ('Marcus Chen', 'Director, Brand & Communications', 'A former agency creative director and communications adviser to ASX-listed companies. Leads brand strategy, content and PR.', 1),
  ('Priya Nair', 'Director, Digital Growth', 'Built and scaled performance-marketing teams for e-commerce and SaaS businesses. Leads web, SEO and channel management.', 2)
) as seed (name, role, bio, sort_order)
where not exists (select 1 from seeded_tables where name = 'team_members')
  and not exists (select 1 from team_members);

insert into company_stats (label, value, description, sort_order)
select * from (values
  ('Years driving growth', '20+', 'Senior experience across agency, client-side and consulting roles.', 0),
  ('Industries served', '15+', 'From B2B technology and professional services to retail and hospitality.', 1),
  ('Specialist partners', '5', 'Trusted firms and independent specialists we bring in when the work needs them.', 2),
  ('Reply time', '24h', 'Every enquiry answered within one business day.', 3)
) as seed (label, value, description, sort_order)
where not exists (select 1 from seeded_tables where name = 'company_stats')
  and not exists (select 1 from company_stats);

insert into site_content (section, key, value)
select * from (values
  ('firm', 'name', 'Surgere'),
  ('firm', 'tagline', 'Strategic Marketing Consulting'),
  ('firm', 'blurb', 'Strategic marketing consulting that drives growth, optimizes performance and builds competitive advantage for forward-thinking businesses.'),
  ('home', 'badge', '20+ Years Driving Growth'),
  ('contact', 'email', 'hello@surgere.com.au'),
  ('contact', 'phone', '+61 2 8005 4120'),
  ('contact', 'hours', 'Mon-Fri 9 AM-6 PM AEST'),
  ('contact', 'replyPromise', 'We reply to every enquiry within 24 hours.')
) as seed (section, key, value)
where not exists (select 1 from seeded_tables where name = 'site_content')
  and not exists (select 1 from site_content);

insert into seeded_tables (name) values ('services'), ('packages'), ('team_members'), ('company_stats'), ('site_content')
on conflict (name) do nothing;
