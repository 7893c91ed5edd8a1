/// The words of an update alert, with `{appName}` and `{version}` placeholders.
public struct UpdateTexts: Sendable, Hashable {
    public var optionalTitle: String
    public var optionalMessage: String
    public var requiredTitle: String
    public var requiredMessage: String
    public var update: String
    public var later: String
    public var skip: String

    public init(
        optionalTitle: String, optionalMessage: String, requiredTitle: String, requiredMessage: String, update: String,
        later: String, skip: String
    ) {
        self.optionalTitle = optionalTitle
        self.optionalMessage = optionalMessage
        self.requiredTitle = requiredTitle
        self.requiredMessage = requiredMessage
        self.update = update
        self.later = later
        self.skip = skip
    }

    /// The built-in texts by language tag. Add or replace entries to extend it; a tag's language
    /// alone (`pt`) serves every region without its own entry.
    public static let builtIn: [String: UpdateTexts] = [
        "en": UpdateTexts(
            optionalTitle: "Update Available", optionalMessage: "{appName} {version} is available.",
            requiredTitle: "Update Required",
            requiredMessage: "This version of {appName} no longer works. Please update to {version}.",
            update: "Update", later: "Later", skip: "Skip This Version"),
        "fr": UpdateTexts(
            optionalTitle: "Mise à jour disponible", optionalMessage: "{appName} {version} est disponible.",
            requiredTitle: "Mise à jour requise",
            requiredMessage: "Cette version de {appName} ne fonctionne plus. Veuillez installer la version {version}.",
            update: "Mettre à jour", later: "Plus tard", skip: "Ignorer cette version"),
        "de": UpdateTexts(
            optionalTitle: "Update verfügbar", optionalMessage: "{appName} {version} ist verfügbar.",
            requiredTitle: "Update erforderlich",
            requiredMessage: "Diese Version von {appName} funktioniert nicht mehr. Bitte aktualisiere auf {version}.",
            update: "Aktualisieren", later: "Später", skip: "Diese Version überspringen"),
        "es": UpdateTexts(
            optionalTitle: "Actualización disponible", optionalMessage: "{appName} {version} está disponible.",
            requiredTitle: "Actualización necesaria",
            requiredMessage: "Esta versión de {appName} ya no funciona. Actualiza a la versión {version}.",
            update: "Actualizar", later: "Más tarde", skip: "Omitir esta versión"),
        "it": UpdateTexts(
            optionalTitle: "Aggiornamento disponibile", optionalMessage: "{appName} {version} è disponibile.",
            requiredTitle: "Aggiornamento necessario",
            requiredMessage: "Questa versione di {appName} non funziona più. Aggiorna alla versione {version}.",
            update: "Aggiorna", later: "Più tardi", skip: "Salta questa versione"),
        "pt": UpdateTexts(
            optionalTitle: "Atualização disponível", optionalMessage: "{appName} {version} está disponível.",
            requiredTitle: "Atualização necessária",
            requiredMessage: "Esta versão de {appName} não funciona mais. Atualize para a versão {version}.",
            update: "Atualizar", later: "Mais tarde", skip: "Ignorar esta versão"),
        "nl": UpdateTexts(
            optionalTitle: "Update beschikbaar", optionalMessage: "{appName} {version} is beschikbaar.",
            requiredTitle: "Update vereist",
            requiredMessage: "Deze versie van {appName} werkt niet meer. Werk bij naar versie {version}.",
            update: "Bijwerken", later: "Later", skip: "Deze versie overslaan"),
        "sv": UpdateTexts(
            optionalTitle: "Uppdatering tillgänglig", optionalMessage: "{appName} {version} finns tillgänglig.",
            requiredTitle: "Uppdatering krävs",
            requiredMessage: "Den här versionen av {appName} fungerar inte längre. Uppdatera till version {version}.",
            update: "Uppdatera", later: "Senare", skip: "Hoppa över den här versionen"),
        "ru": UpdateTexts(
            optionalTitle: "Доступно обновление", optionalMessage: "Доступна версия {appName} {version}.",
            requiredTitle: "Требуется обновление",
            requiredMessage: "Эта версия {appName} больше не работает. Обновите приложение до версии {version}.",
            update: "Обновить", later: "Позже", skip: "Пропустить эту версию"),
        "ja": UpdateTexts(
            optionalTitle: "アップデートがあります", optionalMessage: "{appName} {version} が利用可能です。",
            requiredTitle: "アップデートが必要です",
            requiredMessage: "このバージョンの{appName}は使用できなくなりました。{version}にアップデートしてください。",
            update: "アップデート", later: "後で", skip: "このバージョンをスキップ"),
        "ko": UpdateTexts(
            optionalTitle: "업데이트 가능", optionalMessage: "{appName} {version}을(를) 사용할 수 있습니다.",
            requiredTitle: "업데이트 필요",
            requiredMessage: "이 버전의 {appName}은(는) 더 이상 작동하지 않습니다. {version}(으)로 업데이트하세요.",
            update: "업데이트", later: "나중에", skip: "이 버전 건너뛰기"),
        "zh-Hans": UpdateTexts(
            optionalTitle: "有可用更新", optionalMessage: "{appName} {version} 现已推出。",
            requiredTitle: "需要更新", requiredMessage: "此版本的 {appName} 已无法使用。请更新到 {version}。",
            update: "更新", later: "稍后", skip: "跳过此版本"),
        "zh-Hant": UpdateTexts(
            optionalTitle: "有可用的更新", optionalMessage: "{appName} {version} 現已推出。",
            requiredTitle: "需要更新", requiredMessage: "此版本的 {appName} 已無法使用。請更新至 {version}。",
            update: "更新", later: "稍後", skip: "略過此版本"),
        "tr": UpdateTexts(
            optionalTitle: "Güncelleme mevcut", optionalMessage: "{appName} {version} kullanıma sunuldu.",
            requiredTitle: "Güncelleme gerekli",
            requiredMessage:
                "{appName} uygulamasının bu sürümü artık çalışmıyor. Lütfen {version} sürümüne güncelleyin.",
            update: "Güncelle", later: "Daha sonra", skip: "Bu sürümü atla"),
    ]

    /// The texts for the preferred languages (most preferred first), from `table`, or English.
    public static func forLanguages(
        _ languages: [LanguageTag], in table: [String: UpdateTexts] = builtIn
    ) -> UpdateTexts {
        LanguageTag.bestKey(of: table.keys, for: languages).flatMap { table[$0] } ?? table["en"] ?? builtIn["en"]!
    }

    /// `text` with `{appName}` and `{version}` replaced.
    public static func fill(_ text: String, appName: String, version: String) -> String {
        text.replacingOccurrences(of: "{appName}", with: appName).replacingOccurrences(of: "{version}", with: version)
    }
}
