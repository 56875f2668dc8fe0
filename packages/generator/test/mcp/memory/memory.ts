import { Toolset } from '@toolgen/runtime';

/*
 * The tool surface of the reference MCP server `@modelcontextprotocol/server-memory` (its nine
 * documented tools), ported to a toolset: the port test serves it with `toolgen mcp --names name`
 * and compares names, titles and annotations with what that server lists (memory.expected.json).
 */

/** A node of the knowledge graph. */
export interface Entity {
  /** The name of the entity. */
  name: string;
  /** The type of the entity. */
  entityType: string;
  /** An array of observation contents associated with the entity. */
  observations: string[];
}

/** A directed edge of the knowledge graph, in active voice. */
export interface Relation {
  /** The name of the entity where the relation starts. */
  from: string;
  /** The name of the entity where the relation ends. */
  to: string;
  /** The type of the relation. */
  relationType: string;
}

/** Observations for one entity. */
export interface ObservationSet {
  /** The name of the entity. */
  entityName: string;
  /** The observation contents. */
  contents: string[];
}

/** Observations to remove from one entity. */
export interface ObservationDeletion {
  /** The name of the entity containing the observations. */
  entityName: string;
  /** An array of observations to delete. */
  observations: string[];
}

/** The whole graph, or a part of it. */
export interface KnowledgeGraph {
  entities: Entity[];
  relations: Relation[];
}

const graph: KnowledgeGraph = { entities: [], relations: [] };

export class MemoryToolset extends Toolset {
  constructor() {
    super();
    this.addTool(MemoryToolset.createEntities).withTitle('Create Entities').additive();
    this.addTool(MemoryToolset.createRelations).withTitle('Create Relations').additive();
    this.addTool(MemoryToolset.addObservations).withTitle('Add Observations').additive();
    this.addTool(MemoryToolset.deleteEntities).withTitle('Delete Entities').idempotent();
    this.addTool(MemoryToolset.deleteObservations).withTitle('Delete Observations').idempotent();
    this.addTool(MemoryToolset.deleteRelations).withTitle('Delete Relations').idempotent();
    this.addTool(MemoryToolset.readGraph).withTitle('Read Graph').readOnly();
    this.addTool(MemoryToolset.searchNodes).withTitle('Search Nodes').readOnly();
    this.addTool(MemoryToolset.openNodes).withTitle('Open Nodes').readOnly();
  }

  /**
   * Create multiple new entities in the knowledge graph.
   * @param entities The entities to create.
   */
  static createEntities(entities: Entity[]): Entity[] {
    const added = entities.filter((entity) => !graph.entities.some((known) => known.name === entity.name));
    graph.entities.push(...added);
    return added;
  }

  /**
   * Create multiple new relations between entities in the knowledge graph. Relations should be in active voice.
   * @param relations The relations to create.
   */
  static createRelations(relations: Relation[]): Relation[] {
    graph.relations.push(...relations);
    return relations;
  }

  /**
   * Add new observations to existing entities in the knowledge graph.
   * @param observations The observations to add.
   */
  static addObservations(observations: ObservationSet[]): ObservationSet[] {
    return observations;
  }

  /**
   * Delete multiple entities and their associated relations from the knowledge graph.
   * @param entityNames An array of entity names to delete.
   */
  static deleteEntities(entityNames: string[]): string {
    graph.entities = graph.entities.filter((entity) => !entityNames.includes(entity.name));
    return 'Entities deleted successfully';
  }

  /**
   * Delete specific observations from entities in the knowledge graph.
   * @param deletions The observations to delete.
   */
  static deleteObservations(deletions: ObservationDeletion[]): string {
    void deletions;
    return 'Observations deleted successfully';
  }

  /**
   * Delete multiple relations from the knowledge graph.
   * @param relations An array of relations to delete.
   */
  static deleteRelations(relations: Relation[]): string {
    void relations;
    return 'Relations deleted successfully';
  }

  /** Read the entire knowledge graph. */
  static readGraph(): KnowledgeGraph {
    return graph;
  }

  /**
   * Search for nodes in the knowledge graph based on a query.
   * @param query The search query to match against entity names, types, and observation content.
   */
  static searchNodes(query: string): KnowledgeGraph {
    return { entities: graph.entities.filter((entity) => entity.name.includes(query)), relations: [] };
  }

  /**
   * Open specific nodes in the knowledge graph by their names.
   * @param names An array of entity names to retrieve.
   */
  static openNodes(names: string[]): KnowledgeGraph {
    return { entities: graph.entities.filter((entity) => names.includes(entity.name)), relations: [] };
  }
}
