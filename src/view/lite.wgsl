// The light material for software renderers: the base colour (times the vertex colour, if
// any), lit by one fixed sun and a little sky, with no shadows, textures or reflections.
#import bevy_pbr::forward_io::VertexOutput

struct Lite {
    color: vec4<f32>,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> material: Lite;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    let n = normalize(in.world_normal);
    let sun = normalize(vec3<f32>(0.45, 0.8, 0.4));
    let diffuse = max(dot(n, sun), 0.0);
    let sky = 0.5 + 0.5 * n.y;
    let light = 0.22 + 0.18 * sky + 0.75 * diffuse;
    var color = material.color;
#ifdef VERTEX_COLORS
    // A model merged into one mesh carries each part's colour in its vertices.
    color = color * in.color;
#endif
    return vec4<f32>(color.rgb * light, color.a);
}
