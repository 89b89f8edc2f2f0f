// db/schema.ts (the Kysely types the code is checked against) is written by hand beside db/migrations.ts (what the
// database really holds). This test reads both, the types with the TypeScript compiler and the tables from the
// migrated database on this engine, and fails on any table, column, nullability, default or kind that disagrees.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.js';

interface DeclaredColumn {
  nullable: boolean;
  /** Generated<…> or D<…>: the database fills it when an insert leaves it out. */
  defaulted: boolean;
  kind: 'number' | 'string' | 'binary';
}

const SCHEMA_FILE = path.join(import.meta.dirname, '../src/core/db/schema.ts');

/**
 * Table name → columns, read from the `Database` interface of schema.ts and the table interfaces it names (declared
 * there or in the files it imports them from, such as a feature's migration file).
 */
function declaredSchema(): Map<string, Map<string, DeclaredColumn>> {
  const imported = [...fs.readFileSync(SCHEMA_FILE, 'utf8').matchAll(/from '(\.\/[^']+)\.js'/g)].map((m) =>
    path.join(path.dirname(SCHEMA_FILE), `${m[1]}.ts`),
  );
  const program = ts.createProgram([SCHEMA_FILE, ...imported], { strict: true, skipLibCheck: true, noEmit: true });
  const interfaces = new Map<string, { node: ts.InterfaceDeclaration; source: ts.SourceFile }>();
  for (const file of [SCHEMA_FILE, ...imported]) {
    const source = program.getSourceFile(file)!;
    source.forEachChild((node) => {
      if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, { node, source });
    });
  }
  const schemaSource = program.getSourceFile(SCHEMA_FILE)!;
  let source = schemaSource;
  const columnOf = (type: ts.TypeNode): DeclaredColumn => {
    let text = type.getText(source).replace(/\s+/g, '');
    let defaulted = false;
    const wrapper = /^(Generated|D)<(.*)>$/.exec(text);
    if (wrapper) {
      defaulted = true;
      text = wrapper[2]!;
    }
    const parts = text.split('|');
    const nullable = parts.includes('null');
    let base = parts.filter((p) => p !== 'null');
    // A union of string literals ('queued' | 'running' …) is a text column.
    if (base.every((p) => /^'.*'$/.test(p))) base = ['string'];
    if (base.length !== 1) throw new Error(`cannot classify column type ${type.getText(source)}`);
    const b = base[0]!;
    const kind = b === 'number' ? 'number' : b === 'string' ? 'string' : b === 'Uint8Array' || b === 'Buffer' ? 'binary' : null;
    if (!kind) throw new Error(`cannot classify column type ${type.getText(source)}`);
    return { nullable, defaulted, kind };
  };
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const member of interfaces.get('Database')!.node.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const tableName = (member.name as ts.Identifier).text;
    // A table of a feature area is named through its file's namespace (Zoning.ZoningCropTable).
    const found = interfaces.get(member.type.getText(schemaSource).split('.').at(-1)!);
    if (!found) throw new Error(`Database.${tableName} names an interface that schema.ts neither declares nor imports`);
    const columns = new Map<string, DeclaredColumn>();
    // Its own members, then those of the interfaces it extends (the shared columns of schema/columns.ts).
    const collect = (at: { node: ts.InterfaceDeclaration; source: ts.SourceFile }) => {
      source = at.source;
      for (const column of at.node.members) {
        if (ts.isPropertySignature(column) && column.type) columns.set((column.name as ts.Identifier).text, columnOf(column.type));
      }
      for (const clause of at.node.heritageClauses ?? []) {
        for (const parent of clause.types) {
          const name = parent.expression.getText(at.source);
          const inherited = interfaces.get(name);
          if (!inherited) throw new Error(`${at.node.name.text} extends ${name}, which schema.ts neither declares nor imports`);
          collect(inherited);
        }
      }
    };
    collect(found);
    tables.set(tableName, columns);
  }
  return tables;
}

const kindOfSqlType = (dataType: string): DeclaredColumn['kind'] => {
  const t = dataType.toLowerCase();
  if (/int|real|double|float|numeric|decimal/.test(t)) return 'number';
  if (/blob|bytea/.test(t)) return 'binary';
  if (/text|char|clob/.test(t)) return 'string';
  throw new Error(`unknown SQL type ${dataType}`);
};

describe('schema.ts agrees with the migrated database', () => {
  it('same tables, columns, nullability, defaults and kinds', async () => {
    const declared = declaredSchema();
    const t = await createTestApp();
    try {
      const actual = (await t.db.db.introspection.getTables()).filter((table) => !table.name.startsWith('kysely_'));
      // SQLite reports primary-key columns as nullable; the primary key makes them required on both engines.
      const primaryKeys = new Set<string>();
      if (t.db.dialect === 'sqlite') {
        for (const table of actual) {
          const info = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table.name})`.execute(t.db.db);
          for (const c of info.rows) if (c.pk > 0) primaryKeys.add(`${table.name}.${c.name}`);
        }
      }
      expect(actual.map((table) => table.name).sort()).toEqual([...declared.keys()].sort());
      const problems: string[] = [];
      for (const table of actual) {
        const columns = declared.get(table.name)!;
        const names = new Set(table.columns.map((c) => c.name));
        for (const name of columns.keys()) if (!names.has(name)) problems.push(`${table.name}.${name}: declared, not in the database`);
        for (const column of table.columns) {
          const want = columns.get(column.name);
          const where = `${table.name}.${column.name}`;
          if (!want) {
            problems.push(`${where}: in the database, not declared`);
            continue;
          }
          const nullable = column.isNullable && !primaryKeys.has(where);
          if (want.nullable !== nullable) problems.push(`${where}: nullable ${nullable} in the database, ${want.nullable} declared`);
          const filled = column.hasDefaultValue || column.isAutoIncrementing;
          // A declared default must exist; an undeclared one is harmless only for nullable columns (SQLite reports NULL defaults).
          if (want.defaulted && !filled && !nullable) problems.push(`${where}: declared with a default the database does not have`);
          if (!want.defaulted && filled && !nullable) problems.push(`${where}: has a database default the type does not declare`);
          const kind = kindOfSqlType(column.dataType);
          if (kind !== want.kind) problems.push(`${where}: ${column.dataType} in the database, ${want.kind} declared`);
        }
      }
      expect(problems).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
