// The metrics API's OpenAPI document (decision 021).
import { FIGURES, MAX_BATCH_ROWS, MAX_DAILY_FIGURE } from "~/domain/platform-metrics";

const figure = {
  oneOf: [
    { type: "integer", minimum: 0, maximum: MAX_DAILY_FIGURE },
    {
      type: "string",
      pattern: "^\\d{1,3}(,\\d{3})+$|^\\d+$",
      description: 'A whole number as text, thousands separators allowed ("1,200")',
    },
  ],
  default: 0,
};
const failure = {
  type: "object",
  properties: {
    ok: { const: false },
    formError: { type: "string" },
    rows: {
      type: "array",
      items: { type: "object", properties: { row: { type: "integer" }, field: { type: "string" }, message: { type: "string" } } },
    },
  },
};

export const OPENAPI = {
  openapi: "3.1.0",
  info: { title: "Content Studio metrics API", version: "1.0.0" },
  components: {
    securitySchemes: { token: { type: "http", scheme: "bearer", description: "A token made in Settings › Website › API tokens." } },
    schemas: { Failure: failure },
  },
  security: [{ token: [] }],
  paths: {
    "/api/v1/metrics": {
      post: {
        summary: "Store a network's figures per channel post and day",
        description:
          "Each row replaces that post's figures for that day (sending a day twice never doubles it). " +
          "All rows are stored or none: a row that is not valid or dated before its post went out (400), or that names no known " +
          "channel post (404), refuses the whole batch, " +
          "and the reply lists every such row by its index.",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["rows"],
                properties: {
                  rows: {
                    type: "array",
                    minItems: 1,
                    maxItems: MAX_BATCH_ROWS,
                    items: {
                      type: "object",
                      additionalProperties: false,
                      required: ["day"],
                      description: "Exactly one of channelPostId, externalId and url.",
                      properties: {
                        channelPostId: { type: "string", description: "The studio's id of the channel post" },
                        externalId: {
                          type: "string",
                          description:
                            "The network's id of the post (or, for a webhook post, the id its receiver gave or the studio's delivery key)",
                        },
                        url: { type: "string", format: "uri", description: "The post's address on the network" },
                        day: {
                          type: "string",
                          format: "date",
                          description: "UTC day, yyyy-mm-dd; not in the future, at most two years ago",
                        },
                        ...Object.fromEntries(FIGURES.map((f) => [f, figure])),
                      },
                    },
                  },
                },
              },
            },
          },
        },
        responses: {
          "200": {
            description: "Stored",
            content: {
              "application/json": { schema: { type: "object", properties: { ok: { const: true }, stored: { type: "integer" } } } },
            },
          },
          "400": {
            description: "Not JSON, rows not valid, or rows dated before their post went out; nothing stored",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Failure" } } },
          },
          "401": { description: "Missing, wrong or revoked token; nothing stored" },
          "404": {
            description: "Rows naming no known channel post; nothing stored",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Failure" } } },
          },
          "413": { description: "Body over 256 kB" },
          "415": { description: "Not application/json" },
        },
      },
    },
  },
};

export function loader() {
  return Response.json(OPENAPI, { headers: { "Cache-Control": "public, max-age=300" } });
}
