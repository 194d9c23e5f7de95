export const SAMPLE_ARTICLE_TITLE = "The Future of AI in Content Marketing";

export const SAMPLE_ARTICLE = `The Future of AI in Content Marketing

Artificial intelligence is changing how marketing teams plan, write and measure content. These tools are no longer a novelty; they sit inside the daily work of most teams we know.

Start with research. An assistant can scan search trends, customer questions and competitor posts in minutes, giving writers a clear brief before they type a word.

Drafting is where teams feel the biggest difference. A first draft that took a morning now takes an hour. But speed is not the goal on its own. The best teams use the time they save in order to sharpen ideas, add genuine stories and verify every claim.

Brand voice really matters more than ever. When anyone can publish fluent text, a distinctive voice is what audiences remember. Define clear rules for tone, keywords and phrases to avoid, and let your tools check each draft against them.

Measure what performs. Track views, shares and time spent, then feed what you learn into the next brief.

AI will not replace good marketers. It will reward those who stay curious and keep their readers first.
`;
