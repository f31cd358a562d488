#!/usr/bin/env python3
"""Writes waterfall's sample data, deterministically.

    python3 Scripts/generate-data.py      (no arguments; or: make data)

Data/shops/1.json, 2.json, 3.json   a shop catalogue in three pages: JSON arrays of
                                     40 items each (ids 1..120) with id, title (about
                                     60% English, 40% Chinese, 1 in 8 with an emoji),
                                     price, img, w, h, tags, shop, description
Data/notes.jsonl                     60 text notes, one JSON object a line: id, title,
                                     text (one line up to ~600 characters, some with
                                     paragraph breaks), tags, date; a few in Chinese

Everything comes from one random.Random(SEED) and fixed word lists, so running the
script again writes byte-identical files. Page 3 holds a few awkward items on
purpose, to show that the browser copes: one with no w/h, one with w 0, one whose
title is a single 60-letter word, and one whose tags are a string, not an array.
"""

import datetime
import json
import random
from pathlib import Path

SEED = 20260314
ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "Data"

# Materials: English, Chinese, and a detail that suits them in each language.
MATERIALS = {
    "ceramic": ("ceramic", "陶瓷", "with a blue glaze", "蓝色釉面"),
    "stoneware": ("stoneware", "粗陶", "with a speckled glaze", "斑点釉"),
    "walnut": ("walnut", "胡桃木", "with a hand-rubbed oil finish", "手工上油"),
    "oak": ("oak", "橡木", "in a pale natural finish", "天然木色"),
    "brass": ("brass", "黄铜", "that darkens gently with age", "自然氧化做旧"),
    "linen": ("linen", "亚麻", "in washed oatmeal", "水洗燕麦色"),
    "wool": ("wool", "羊毛", "in undyed cream", "原色奶白"),
    "bamboo": ("bamboo", "竹制", "with a woven lid", "编织盖"),
    "iron": ("cast-iron", "铸铁", "with an enamel lining", "搪瓷内胆"),
    "glass": ("glass", "玻璃", "in smoky grey", "烟灰色"),
    "rattan": ("rattan", "藤编", "with leather handles", "皮质提手"),
}
# Objects: image slug, English, Chinese, category tags (en, zh), materials that suit it.
OBJECTS = [
    ("mug", "mug", "马克杯", "kitchen", "厨房", ["ceramic", "stoneware", "glass"]),
    ("teapot", "teapot", "茶壶", "tea", "茶具", ["ceramic", "iron", "glass"]),
    ("bowl", "bowl", "碗", "kitchen", "厨房", ["ceramic", "stoneware", "walnut", "bamboo"]),
    ("lamp", "lamp", "台灯", "lighting", "灯具", ["brass", "ceramic", "rattan", "glass"]),
    ("vase", "vase", "花瓶", "decor", "家居", ["ceramic", "stoneware", "glass", "brass"]),
    ("stool", "stool", "凳子", "furniture", "家具", ["oak", "walnut", "rattan"]),
    ("rug", "rug", "地毯", "textiles", "布艺", ["wool", "linen"]),
    ("cushion", "cushion", "抱枕", "textiles", "布艺", ["linen", "wool"]),
    ("tray", "tray", "托盘", "kitchen", "茶具", ["walnut", "oak", "bamboo", "brass"]),
    ("basket", "basket", "收纳篮", "storage", "收纳", ["rattan", "bamboo", "wool"]),
    ("candle", "candle holder", "烛台", "decor", "家居", ["brass", "glass", "ceramic"]),
    ("clock", "wall clock", "挂钟", "decor", "家居", ["oak", "walnut", "brass"]),
    ("planter", "planter", "花盆", "garden", "园艺", ["stoneware", "ceramic", "rattan"]),
    ("throw", "throw", "盖毯", "textiles", "布艺", ["wool", "linen"]),
]
ADJECTIVES = ["Hand-thrown", "Small", "Large", "Rustic", "Minimal", "Everyday", "Vintage-style",
              "Hand-finished", "Low", "Tall", "Nordic", "Heavy"]
ADJECTIVES_ZH = ["手工", "复古", "简约", "北欧风", "日式", "小号", "大号"]
LONG_DETAILS = ["made in small batches by a family workshop in the hills",
                "from the autumn collection, each one signed by the maker",
                "that fits neatly on a narrow shelf or a bedside table",
                "set of two in a recycled gift box with a handwritten card"]
LONG_DETAILS_ZH = ["适合送礼的精美包装 附赠手写卡片", "小批量手工制作 每一件都略有不同",
                   "秋季新款 家用大容量 可放进洗碗机清洗"]
EMOJI = ["☕", "🌿", "🎧", "🧶", "🍵", "🎁", "🌸"]
SHOPS = ["Clay & Co", "North Loom", "Oak Street Goods", "Lumen Studio", "The Potting Shed", "Field Notes Home"]
SHOPS_ZH = ["小院生活", "木与陶", "一盏灯", "慢屋"]
TAGS = ["handmade", "gift", "sale", "new", "eco", "small-batch", "bestseller"]
TAGS_ZH = ["手工", "礼物", "新品", "包邮", "热卖"]
SENTENCES = ["Made by hand in a small studio, so every {obj} is a little different.",
             "The {material} is sourced from a single supplier we have known for years.",
             "Wipe clean with a damp cloth and keep it out of strong direct sunlight.",
             "Ships in recycled packaging within two working days of your order.",
             "A customer favourite for three years running, now back in stock.",
             "Pairs well with the rest of the range, or on its own by a window.",
             "Limited run: when this batch of {obj}s is gone, it is gone.",
             "Sizes vary slightly, as they do with anything made by hand."]
SENTENCES_ZH = ["每一件{obj}都由匠人手工制作，纹理和颜色略有不同，请以实物为准。",
                "选用优质{material}材料，结实耐用，日常使用多年依然如新。",
                "下单后两个工作日内发货，全部使用可回收的环保包装。",
                "清洁时用湿布轻轻擦拭即可，避免长时间阳光直射。",
                "老顾客回购最多的一款，这一批售完即止，不再补货。"]
LONG_WORD = "Supercalifragilisticexpialidocious" + "Handcrafted" + "Stoneware" + "Mug" + "Set"


def size(r):
    """An image's pixel size: portrait, landscape, square or tall."""
    w = r.randint(200, 600)
    ratio = {"portrait": r.uniform(1.2, 1.6), "landscape": r.uniform(0.5, 0.8),
             "square": 1.0, "tall": r.uniform(1.8, 2.6)}[r.choice(["portrait", "landscape", "square", "tall"])]
    return w, max(150, min(900, round(w * ratio)))


def shop_item(r, item_id):
    slug, noun, noun_zh, tag, tag_zh, materials = r.choice(OBJECTS)
    material, material_zh, detail, detail_zh = MATERIALS[r.choice(materials)]
    length = r.choice(["tiny", "short", "short", "medium", "medium", "long"])
    if r.random() < 0.4:
        title = {"tiny": noun_zh, "short": material_zh + noun_zh,
                 "medium": r.choice(ADJECTIVES_ZH) + material_zh + noun_zh + " " + detail_zh,
                 "long": r.choice(ADJECTIVES_ZH) + material_zh + noun_zh + " " + detail_zh
                 + " " + r.choice(LONG_DETAILS_ZH)}[length]
        price = "¥%d" % r.randint(18, 980)
        tags = [tag_zh] + r.sample(TAGS_ZH, r.randint(0, 3))
        shop = r.choice(SHOPS_ZH)
        sentences = [s.format(obj=noun_zh, material=material_zh) for s in SENTENCES_ZH]
        space = ""  # Chinese sentences follow each other without a space
    else:
        title = {"tiny": noun.capitalize(), "short": "%s %s" % (material.capitalize(), noun),
                 "medium": "%s %s %s %s" % (r.choice(ADJECTIVES), material, noun, detail),
                 "long": "%s %s %s %s, %s" % (r.choice(ADJECTIVES), material, noun, detail,
                                              r.choice(LONG_DETAILS))}[length]
        price = "$%d.%02d" % (r.randint(4, 240), r.choice([0, 50, 95, 99]))
        tags = [tag] + r.sample(TAGS, r.randint(0, 3))
        shop = r.choice(SHOPS)
        sentences = [s.format(obj=noun, material=material) for s in SENTENCES]
        space = " "
    if r.random() < 0.125:
        title += " " + r.choice(EMOJI)
    chosen = r.sample(sentences, r.randint(1, 2))
    if len(space.join(chosen)) < 40:  # a short Chinese sentence needs a second one
        chosen.append(r.choice([s for s in sentences if s not in chosen]))
    description = space.join(chosen)
    assert 40 <= len(description) <= 200, description
    w, h = size(r)
    return {"id": item_id, "title": title, "price": price, "img": "img/%s-%03d.png" % (slug, item_id),
            "w": w, "h": h, "tags": tags, "shop": shop, "description": description}


def shop_pages(r):
    items = [shop_item(r, i) for i in range(1, 121)]
    # Awkward items on the last page (ids 86, 93, 104, 112).
    del items[85]["w"], items[85]["h"]             # no size: the card sizes itself by its text
    items[92]["w"] = 0                              # a zero width
    assert len(LONG_WORD) == 60 and LONG_WORD.isalpha()
    items[103]["title"] = LONG_WORD                 # one 60-letter word
    items[111]["tags"] = "handmade, gift"          # tags as a string, not an array
    return [items[0:40], items[40:80], items[80:120]]


# Note themes: titles, tags and sentences that go together.
THEMES = [
    (["Garden", "After the rain", "Tomatoes", "Seeds to order"], ["home", "garden"],
     ["The tomatoes along the south fence finally turned red this week.",
      "Rain all night, and the water butt is full again.",
      "Order more seed potatoes before the end of the month, the early ones sold out last year.",
      "The basil on the windowsill is doing better than anything outside.",
      "Move the lavender to the sunny corner by the shed in autumn.",
      "Slugs have found the lettuce, so try the copper tape the neighbour recommended.",
      "The apple tree needs pruning, but not until the leaves have dropped.",
      "Sat outside with a coffee for half an hour and watched the bees on the thyme."]),
    (["Dumplings", "Sunday soup", "Bread, again", "Recipe ideas"], ["food", "recipe"],
     ["Pork and cabbage filling: salt the cabbage first and squeeze out as much water as you can.",
      "The dough wants to rest for at least thirty minutes under a damp cloth.",
      "Roast the squash with the garlic still in its skin, then squeeze it into the pot.",
      "Use less salt than the recipe says; the stock is already salty.",
      "The second loaf rose better, probably because the kitchen was warmer.",
      "Freeze half of the dumplings on a tray before bagging them so they do not stick.",
      "Try the soup with a spoon of miso stirred in at the very end.",
      "Buy a bigger pot, the current one boils over every single time."]),
    (["Reading", "Book notes", "Worth reading twice", "Library"], ["read"],
     ["Finished the novel on the train home and sat at the station for a while afterwards.",
      "The middle chapters drag, but the last fifty pages make up for all of it.",
      "Return the two library books by Friday or pay the fine again.",
      "Underlined a sentence about memory being a kind of editing that keeps going all your life.",
      "Start the essay collection next, one essay a night and no more.",
      "The translation reads smoothly, though some of the jokes clearly did not survive.",
      "Lend my copy to Sam, who has been asking about it since spring."]),
    (["Meeting notes", "Standup", "Release plan", "Follow up"], ["work"],
     ["Agreed to ship the layout change on Thursday if the benchmarks hold.",
      "Ask the design team for the final icon sizes before we cut the release branch.",
      "The flaky test only fails on the build machine, never on a laptop.",
      "Nobody owns the migration script yet, so raise it at the next planning session.",
      "Write down the decision about the cache so we stop reopening it every week.",
      "Demo went well; people liked how fast the grid scrolls with a thousand items.",
      "Book a room for the retrospective, the small one is always taken on Mondays."]),
    (["Trip to the coast", "Packing list", "Train times", "Weekend away"], ["travel"],
     ["The early train leaves at 7:12 and is usually quiet enough to read on.",
      "Pack the rain jacket even if the forecast looks good, it never is by the sea.",
      "The guesthouse does breakfast until ten, which is later than we thought.",
      "Walked the cliff path to the lighthouse and back in just under three hours.",
      "Fish and chips on the harbour wall while the gulls watched every bite.",
      "Next time stay two nights; one is not enough to slow down."]),
]
ONE_LINERS = [("Coffee", "Buy more coffee filters.", "todo"), ("Call Mum", "Call Mum on Sunday evening.", "todo"),
              ("Idea", "A card browser that works in the terminal?", "idea"),
              ("Keys", "Spare keys are in the blue bowl.", "home"), ("Bins", "Bins go out on Tuesday night.", "home"),
              ("Plants", "Water the ferns.", "garden")]
CHINESE_NOTES = [
    ("周末计划", ["life"], ["早上去市场买菜，顺便带一束花回家。", "下午整理书架，把不看的书捐给社区图书馆。",
                          "晚上和朋友一起包饺子。"]),
    ("读书笔记", ["read"], ["这本书讲的是一个家庭三代人的故事，写得很细腻。", "中间几章节奏有点慢，但结尾非常动人。",
                          "值得再读一遍，下次慢一点读。"]),
    ("今日待办", ["todo"], ["给阳台的花浇水", "交电费", "回复老王的邮件", "预约周四的理发"]),
    ("旅行清单", ["travel"], ["护照和身份证", "充电器和转换插头", "雨伞", "一本在火车上看的书"]),
    ("茶", ["food"], ["新买的白茶味道很清淡，适合下午喝。"]),
    ("随想", ["idea"], ["下雨天适合在家里慢慢做事。", "把想做的事情写下来，就好像已经开始了一半。",
                       "明天早一点起床，去河边走一走，看看早晨的光。"]),
]


def note(r, note_id, zh_queue):
    if note_id in zh_queue:
        title, tags, lines = zh_queue.pop(note_id)
        text = ("\n" if title in ("今日待办", "旅行清单") else "").join(lines)
        return {"id": note_id, "title": title, "text": text, "tags": tags}
    kind = r.choice(["one-liner", "short", "medium", "medium", "long", "list"])
    if kind == "one-liner":
        title, text, tag = r.choice(ONE_LINERS)
        return {"id": note_id, "title": title, "text": text, "tags": [tag]}
    titles, tags, sentences = r.choice(THEMES)
    title = r.choice(titles)
    if kind == "list":
        text = "\n".join("- " + s for s in r.sample(sentences, r.randint(3, 5)))
        return {"id": note_id, "title": title, "text": text, "tags": tags + ["todo"]}
    count = {"short": r.randint(1, 2), "medium": r.randint(3, 4), "long": 8}[kind]
    text = ""
    for sentence in r.sample(sentences, min(count, len(sentences))):
        gap = "" if not text else "\n\n" if r.random() < (0.3 if kind == "long" else 0.15) else " "
        if len(text) + len(gap) + len(sentence) > 600:  # whole sentences only, up to 600 characters
            break
        text += gap + sentence
    return {"id": note_id, "title": title, "text": text, "tags": list(tags)}


def notes(r):
    zh_ids = sorted(r.sample(range(2, 61), len(CHINESE_NOTES)))
    zh_queue = dict(zip(zh_ids, CHINESE_NOTES))
    day = datetime.date(2026, 1, 3)
    result = []
    for note_id in range(1, 61):
        item = note(r, note_id, zh_queue)
        item["date"] = day.isoformat()
        day += datetime.timedelta(days=r.randint(0, 4))
        result.append(item)
    return result


def main():
    r = random.Random(SEED)
    (DATA / "shops").mkdir(parents=True, exist_ok=True)
    for number, page in enumerate(shop_pages(r), start=1):
        path = DATA / "shops" / ("%d.json" % number)
        path.write_text(json.dumps(page, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        print("%s: %d items" % (path.relative_to(ROOT), len(page)))
    items = notes(r)
    path = DATA / "notes.jsonl"
    path.write_text("".join(json.dumps(n, ensure_ascii=False) + "\n" for n in items), encoding="utf-8")
    print("%s: %d notes" % (path.relative_to(ROOT), len(items)))


if __name__ == "__main__":
    main()
