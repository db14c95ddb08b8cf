from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.get_agent_manifest_response_200_schema_version import GetAgentManifestResponse200SchemaVersion

if TYPE_CHECKING:
    from ..models.get_agent_manifest_response_200_for_sale_type_0 import GetAgentManifestResponse200ForSaleType0
    from ..models.get_agent_manifest_response_200_identity import GetAgentManifestResponse200Identity
    from ..models.get_agent_manifest_response_200_links import GetAgentManifestResponse200Links
    from ..models.get_agent_manifest_response_200_min_offer_type_0 import GetAgentManifestResponse200MinOfferType0
    from ..models.get_agent_manifest_response_200_profile import GetAgentManifestResponse200Profile


T = TypeVar("T", bound="GetAgentManifestResponse200")


@_attrs_define
class GetAgentManifestResponse200:
    """AgentManifest

    Attributes:
        schema_version (GetAgentManifestResponse200SchemaVersion):
        name (str):
        namespace (str):
        status (str):
        registration_date (str): ISO 8601 timestamp with milliseconds and Z
        expiry_date (str): ISO 8601 timestamp with milliseconds and Z
        display_name (None | str):
        description (None | str):
        endpoints (Any | None): As the owner published it (object or array), else null
        identity (GetAgentManifestResponse200Identity):
        profile (GetAgentManifestResponse200Profile):
        for_sale (GetAgentManifestResponse200ForSaleType0 | None): The asking price while the name is listed; null when
            it is not for sale
        min_offer (GetAgentManifestResponse200MinOfferType0 | None): The seller's floor for offers (spec 2.11); null
            when not listed or no floor
        links (GetAgentManifestResponse200Links):
        notice (str):
    """

    schema_version: GetAgentManifestResponse200SchemaVersion
    name: str
    namespace: str
    status: str
    registration_date: str
    expiry_date: str
    display_name: None | str
    description: None | str
    endpoints: Any | None
    identity: GetAgentManifestResponse200Identity
    profile: GetAgentManifestResponse200Profile
    for_sale: GetAgentManifestResponse200ForSaleType0 | None
    min_offer: GetAgentManifestResponse200MinOfferType0 | None
    links: GetAgentManifestResponse200Links
    notice: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.get_agent_manifest_response_200_for_sale_type_0 import GetAgentManifestResponse200ForSaleType0  # noqa: PLC0415
        from ..models.get_agent_manifest_response_200_min_offer_type_0 import GetAgentManifestResponse200MinOfferType0  # noqa: PLC0415

        schema_version = self.schema_version.value

        name = self.name

        namespace = self.namespace

        status = self.status

        registration_date = self.registration_date

        expiry_date = self.expiry_date

        display_name: None | str
        display_name = self.display_name

        description: None | str
        description = self.description

        endpoints: Any | None
        endpoints = self.endpoints

        identity = self.identity.to_dict()

        profile = self.profile.to_dict()

        for_sale: dict[str, Any] | None
        if isinstance(self.for_sale, GetAgentManifestResponse200ForSaleType0):
            for_sale = self.for_sale.to_dict()
        else:
            for_sale = self.for_sale

        min_offer: dict[str, Any] | None
        if isinstance(self.min_offer, GetAgentManifestResponse200MinOfferType0):
            min_offer = self.min_offer.to_dict()
        else:
            min_offer = self.min_offer

        links = self.links.to_dict()

        notice = self.notice

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "schema_version": schema_version,
                "name": name,
                "namespace": namespace,
                "status": status,
                "registration_date": registration_date,
                "expiry_date": expiry_date,
                "display_name": display_name,
                "description": description,
                "endpoints": endpoints,
                "identity": identity,
                "profile": profile,
                "for_sale": for_sale,
                "min_offer": min_offer,
                "links": links,
                "notice": notice,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_agent_manifest_response_200_for_sale_type_0 import GetAgentManifestResponse200ForSaleType0  # noqa: PLC0415
        from ..models.get_agent_manifest_response_200_identity import GetAgentManifestResponse200Identity  # noqa: PLC0415
        from ..models.get_agent_manifest_response_200_links import GetAgentManifestResponse200Links  # noqa: PLC0415
        from ..models.get_agent_manifest_response_200_min_offer_type_0 import GetAgentManifestResponse200MinOfferType0  # noqa: PLC0415
        from ..models.get_agent_manifest_response_200_profile import GetAgentManifestResponse200Profile  # noqa: PLC0415

        d = dict(src_dict)
        schema_version = GetAgentManifestResponse200SchemaVersion(d.pop("schema_version"))

        name = d.pop("name")

        namespace = d.pop("namespace")

        status = d.pop("status")

        registration_date = d.pop("registration_date")

        expiry_date = d.pop("expiry_date")

        def _parse_display_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        display_name = _parse_display_name(d.pop("display_name"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_endpoints(data: object) -> Any | None:
            if data is None:
                return data
            return cast(Any | None, data)

        endpoints = _parse_endpoints(d.pop("endpoints"))

        identity = GetAgentManifestResponse200Identity.from_dict(d.pop("identity"))

        profile = GetAgentManifestResponse200Profile.from_dict(d.pop("profile"))

        def _parse_for_sale(data: object) -> GetAgentManifestResponse200ForSaleType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                for_sale_type_0 = GetAgentManifestResponse200ForSaleType0.from_dict(data)

                return for_sale_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GetAgentManifestResponse200ForSaleType0 | None, data)

        for_sale = _parse_for_sale(d.pop("for_sale"))

        def _parse_min_offer(data: object) -> GetAgentManifestResponse200MinOfferType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                min_offer_type_0 = GetAgentManifestResponse200MinOfferType0.from_dict(data)

                return min_offer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GetAgentManifestResponse200MinOfferType0 | None, data)

        min_offer = _parse_min_offer(d.pop("min_offer"))

        links = GetAgentManifestResponse200Links.from_dict(d.pop("links"))

        notice = d.pop("notice")

        get_agent_manifest_response_200 = cls(
            schema_version=schema_version,
            name=name,
            namespace=namespace,
            status=status,
            registration_date=registration_date,
            expiry_date=expiry_date,
            display_name=display_name,
            description=description,
            endpoints=endpoints,
            identity=identity,
            profile=profile,
            for_sale=for_sale,
            min_offer=min_offer,
            links=links,
            notice=notice,
        )

        return get_agent_manifest_response_200
