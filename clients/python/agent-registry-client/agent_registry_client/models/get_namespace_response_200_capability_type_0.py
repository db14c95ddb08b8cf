from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.get_namespace_response_200_capability_type_0_source import GetNamespaceResponse200CapabilityType0Source

if TYPE_CHECKING:
    from ..models.get_namespace_response_200_capability_type_0_checkout_availability import (
        GetNamespaceResponse200CapabilityType0CheckoutAvailability,
    )
    from ..models.get_namespace_response_200_capability_type_0_identity_requirements import (
        GetNamespaceResponse200CapabilityType0IdentityRequirements,
    )
    from ..models.get_namespace_response_200_capability_type_0_payment_methods_item import (
        GetNamespaceResponse200CapabilityType0PaymentMethodsItem,
    )
    from ..models.get_namespace_response_200_capability_type_0_registration import (
        GetNamespaceResponse200CapabilityType0Registration,
    )
    from ..models.get_namespace_response_200_capability_type_0_urls import GetNamespaceResponse200CapabilityType0Urls


T = TypeVar("T", bound="GetNamespaceResponse200CapabilityType0")


@_attrs_define
class GetNamespaceResponse200CapabilityType0:
    """
    Attributes:
        namespace (str):
        provider (str):
        source (GetNamespaceResponse200CapabilityType0Source):
        checkout_availability (GetNamespaceResponse200CapabilityType0CheckoutAvailability):
        identity_requirements (GetNamespaceResponse200CapabilityType0IdentityRequirements):
        payment_methods (list[GetNamespaceResponse200CapabilityType0PaymentMethodsItem]):
        registration (GetNamespaceResponse200CapabilityType0Registration):
        limitations (list[str]):
        urls (GetNamespaceResponse200CapabilityType0Urls):
    """

    namespace: str
    provider: str
    source: GetNamespaceResponse200CapabilityType0Source
    checkout_availability: GetNamespaceResponse200CapabilityType0CheckoutAvailability
    identity_requirements: GetNamespaceResponse200CapabilityType0IdentityRequirements
    payment_methods: list[GetNamespaceResponse200CapabilityType0PaymentMethodsItem]
    registration: GetNamespaceResponse200CapabilityType0Registration
    limitations: list[str]
    urls: GetNamespaceResponse200CapabilityType0Urls

    def to_dict(self) -> dict[str, Any]:
        namespace = self.namespace

        provider = self.provider

        source = self.source.value

        checkout_availability = self.checkout_availability.to_dict()

        identity_requirements = self.identity_requirements.to_dict()

        payment_methods = []
        for payment_methods_item_data in self.payment_methods:
            payment_methods_item = payment_methods_item_data.to_dict()
            payment_methods.append(payment_methods_item)

        registration = self.registration.to_dict()

        limitations = self.limitations

        urls = self.urls.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "namespace": namespace,
                "provider": provider,
                "source": source,
                "checkout_availability": checkout_availability,
                "identity_requirements": identity_requirements,
                "payment_methods": payment_methods,
                "registration": registration,
                "limitations": limitations,
                "urls": urls,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_namespace_response_200_capability_type_0_checkout_availability import (
            GetNamespaceResponse200CapabilityType0CheckoutAvailability,  # noqa: PLC0415
        )
        from ..models.get_namespace_response_200_capability_type_0_identity_requirements import (
            GetNamespaceResponse200CapabilityType0IdentityRequirements,  # noqa: PLC0415
        )
        from ..models.get_namespace_response_200_capability_type_0_payment_methods_item import (
            GetNamespaceResponse200CapabilityType0PaymentMethodsItem,  # noqa: PLC0415
        )
        from ..models.get_namespace_response_200_capability_type_0_registration import (
            GetNamespaceResponse200CapabilityType0Registration,  # noqa: PLC0415
        )
        from ..models.get_namespace_response_200_capability_type_0_urls import (
            GetNamespaceResponse200CapabilityType0Urls,  # noqa: PLC0415
        )

        d = dict(src_dict)
        namespace = d.pop("namespace")

        provider = d.pop("provider")

        source = GetNamespaceResponse200CapabilityType0Source(d.pop("source"))

        checkout_availability = GetNamespaceResponse200CapabilityType0CheckoutAvailability.from_dict(
            d.pop("checkout_availability")
        )

        identity_requirements = GetNamespaceResponse200CapabilityType0IdentityRequirements.from_dict(
            d.pop("identity_requirements")
        )

        payment_methods = []
        _payment_methods = d.pop("payment_methods")
        for payment_methods_item_data in _payment_methods:
            payment_methods_item = GetNamespaceResponse200CapabilityType0PaymentMethodsItem.from_dict(
                payment_methods_item_data
            )

            payment_methods.append(payment_methods_item)

        registration = GetNamespaceResponse200CapabilityType0Registration.from_dict(d.pop("registration"))

        limitations = cast(list[str], d.pop("limitations"))

        urls = GetNamespaceResponse200CapabilityType0Urls.from_dict(d.pop("urls"))

        get_namespace_response_200_capability_type_0 = cls(
            namespace=namespace,
            provider=provider,
            source=source,
            checkout_availability=checkout_availability,
            identity_requirements=identity_requirements,
            payment_methods=payment_methods,
            registration=registration,
            limitations=limitations,
            urls=urls,
        )

        return get_namespace_response_200_capability_type_0
