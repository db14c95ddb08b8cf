from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_profile_body_endpoints_type_0 import UpdateProfileBodyEndpointsType0


T = TypeVar("T", bound="UpdateProfileBody")


@_attrs_define
class UpdateProfileBody:
    """
    Attributes:
        display_name (None | str | Unset):
        description (None | str | Unset):
        endpoints (None | Unset | UpdateProfileBodyEndpointsType0):
        avatar_url (None | str | Unset):
        website (None | str | Unset):
        did (None | str | Unset):
        matrix (None | str | Unset):
        capabilities_preview (list[str] | Unset): Capability names, in the order shown; [] clears them
        squad_id (None | str | Unset):
    """

    display_name: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    endpoints: None | Unset | UpdateProfileBodyEndpointsType0 = UNSET
    avatar_url: None | str | Unset = UNSET
    website: None | str | Unset = UNSET
    did: None | str | Unset = UNSET
    matrix: None | str | Unset = UNSET
    capabilities_preview: list[str] | Unset = UNSET
    squad_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.update_profile_body_endpoints_type_0 import UpdateProfileBodyEndpointsType0  # noqa: PLC0415

        display_name: None | str | Unset
        if isinstance(self.display_name, Unset):
            display_name = UNSET
        else:
            display_name = self.display_name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        endpoints: dict[str, Any] | None | Unset
        if isinstance(self.endpoints, Unset):
            endpoints = UNSET
        elif isinstance(self.endpoints, UpdateProfileBodyEndpointsType0):
            endpoints = self.endpoints.to_dict()
        else:
            endpoints = self.endpoints

        avatar_url: None | str | Unset
        if isinstance(self.avatar_url, Unset):
            avatar_url = UNSET
        else:
            avatar_url = self.avatar_url

        website: None | str | Unset
        if isinstance(self.website, Unset):
            website = UNSET
        else:
            website = self.website

        did: None | str | Unset
        if isinstance(self.did, Unset):
            did = UNSET
        else:
            did = self.did

        matrix: None | str | Unset
        if isinstance(self.matrix, Unset):
            matrix = UNSET
        else:
            matrix = self.matrix

        capabilities_preview: list[str] | Unset = UNSET
        if not isinstance(self.capabilities_preview, Unset):
            capabilities_preview = self.capabilities_preview

        squad_id: None | str | Unset
        if isinstance(self.squad_id, Unset):
            squad_id = UNSET
        else:
            squad_id = self.squad_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if display_name is not UNSET:
            field_dict["display_name"] = display_name
        if description is not UNSET:
            field_dict["description"] = description
        if endpoints is not UNSET:
            field_dict["endpoints"] = endpoints
        if avatar_url is not UNSET:
            field_dict["avatar_url"] = avatar_url
        if website is not UNSET:
            field_dict["website"] = website
        if did is not UNSET:
            field_dict["did"] = did
        if matrix is not UNSET:
            field_dict["matrix"] = matrix
        if capabilities_preview is not UNSET:
            field_dict["capabilities_preview"] = capabilities_preview
        if squad_id is not UNSET:
            field_dict["squad_id"] = squad_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_profile_body_endpoints_type_0 import UpdateProfileBodyEndpointsType0  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_display_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        display_name = _parse_display_name(d.pop("display_name", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_endpoints(data: object) -> None | Unset | UpdateProfileBodyEndpointsType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                endpoints_type_0 = UpdateProfileBodyEndpointsType0.from_dict(data)

                return endpoints_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UpdateProfileBodyEndpointsType0, data)

        endpoints = _parse_endpoints(d.pop("endpoints", UNSET))

        def _parse_avatar_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        avatar_url = _parse_avatar_url(d.pop("avatar_url", UNSET))

        def _parse_website(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        website = _parse_website(d.pop("website", UNSET))

        def _parse_did(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        did = _parse_did(d.pop("did", UNSET))

        def _parse_matrix(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        matrix = _parse_matrix(d.pop("matrix", UNSET))

        capabilities_preview = cast(list[str], d.pop("capabilities_preview", UNSET))

        def _parse_squad_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        squad_id = _parse_squad_id(d.pop("squad_id", UNSET))

        update_profile_body = cls(
            display_name=display_name,
            description=description,
            endpoints=endpoints,
            avatar_url=avatar_url,
            website=website,
            did=did,
            matrix=matrix,
            capabilities_preview=capabilities_preview,
            squad_id=squad_id,
        )

        return update_profile_body
